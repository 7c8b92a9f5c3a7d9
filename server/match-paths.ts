/**
 * Client-only routes: the build's match-paths file maps a URL pattern (`/interview-builder/*`)
 * to the page whose HTML answers every URL under it that has no file of its own. Which page
 * a URL is follows the protocol's ranking, the same one the client runtime applies.
 */
import { readFile, stat } from "node:fs/promises";
import { findMatchPath, type MatchPathEntry, parseMatchPaths } from "../src/protocol/index.ts";

/**
 * Reads the file lazily and again whenever its size or mtime changes, so a rebuild is picked
 * up without a restart. A missing file means no client-only routes; a malformed one throws
 * (the server answers 500 and logs why) rather than silently 404 those routes.
 */
export function createMatchPathStore(file: string): {
  find(pathname: string): Promise<MatchPathEntry | undefined>;
} {
  let cached: { key: string; entries: MatchPathEntry[] } | undefined;

  async function load(): Promise<MatchPathEntry[]> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    if (cached?.key === key) return cached.entries;
    const text = await readFile(file, "utf8");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    const entries = parseMatchPaths(json, file);
    cached = { key, entries };
    return entries;
  }

  return {
    async find(pathname) {
      return findMatchPath(pathname, await load());
    },
  };
}
