import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { fnv1a } from "../lib/index.ts";
import { buildSite } from "./build-site.ts";
import { ContentError } from "./content-error.ts";
import { contentFixture } from "./test-content.ts";

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

describe("a build whose content is broken", () => {
  it("fails naming the file, leaving the previous output as it was and no staged bundles", async () => {
    // Vite's bundles start building while the content loads (site-build.ts): the broken file
    // must stop them before they replace anything.
    const contentDir = await contentFixture({ "pages/broken.md": "---\ntitle: [unclosed\n---\n" });
    const outDir = join(dirname(contentDir), "public");
    await mkdir(outDir);
    await writeFile(join(outDir, "index.html"), "the previous build");

    const failure = await buildSite({ contentDir, outDir, ogImages: false }).then(
      () => null,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(ContentError);
    expect((failure as Error).message).toContain("pages/broken.md");
    expect(readFileSync(join(outDir, "index.html"), "utf8")).toBe("the previous build");
    expect(readdirSync(outDir)).toEqual(["index.html"]);
    expect(existsSync(join(dirname(outDir), ".public.next"))).toBe(false);
    // Nor the server bundle, restored from the bundle cache before the content failed.
    expect(existsSync(join(PROJECT_ROOT, ".build", `ssr-${fnv1a(resolve(outDir))}`))).toBe(false);
  }, 60_000);
});
