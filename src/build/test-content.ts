import { readdirSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { tempFolder } from "../../tests/unit/temp-folder.ts";

const CONTENT = resolve(import.meta.dirname, "../../content");

/**
 * A throwaway copy of the repository's content for tests, with files overwritten or added:
 * `{ "posts/x.md": "…" }`. Returns the folder, which is removed when the test that made it
 * finishes (so call it inside a test).
 */
export async function contentFixture(files: Record<string, string> = {}): Promise<string> {
  const dir = join(tempFolder("hd-content-"), "content");
  await cp(CONTENT, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

/** Every Markdown file of the repository's content (pages, posts, collections), as full paths. */
export function contentMarkdownFiles(): string[] {
  return readdirSync(CONTENT, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(CONTENT, name));
}
