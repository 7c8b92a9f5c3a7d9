/**
 * The build's redirects file (content/redirects.json as written by the build): old paths
 * answered with their status and Location, or 410 for pages that are gone.
 */
import { readFile, stat } from "node:fs/promises";
import { findRedirect, parseRedirects, type RedirectRule } from "../src/protocol/index.ts";

/** Re-read whenever the file's size or mtime changes, like the match-paths store. */
export function createRedirectStore(file: string): {
  find(pathname: string): Promise<RedirectRule | undefined>;
} {
  let cached: { key: string; rules: RedirectRule[] } | undefined;

  async function load(): Promise<RedirectRule[]> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    if (cached?.key === key) return cached.rules;
    const rules = parseRedirects(JSON.parse(await readFile(file, "utf8")), file);
    cached = { key, rules };
    return rules;
  }

  return {
    async find(pathname) {
      return findRedirect(pathname, await load());
    },
  };
}
