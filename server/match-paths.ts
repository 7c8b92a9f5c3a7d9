/**
 * Client-only routes: the build's match-paths file maps a URL pattern (`/interview-builder/*`)
 * to the page whose HTML answers every URL under it that has no file of its own. Which page
 * a URL is follows the protocol's ranking, the same one the client runtime applies.
 */
import { findMatchPath, type MatchPathEntry, parseMatchPaths } from "../src/protocol/index.ts";
import { createJsonFileCache } from "./json-file-cache.ts";

/**
 * Reads the file lazily and again whenever its size or mtime changes, so a rebuild is picked
 * up without a restart. A missing file means no client-only routes; a malformed one throws
 * (the server answers 500 and logs why) rather than silently 404 those routes.
 */
export function createMatchPathStore(file: string): {
  find(pathname: string): Promise<MatchPathEntry | undefined>;
} {
  const load = createJsonFileCache<MatchPathEntry[]>(file, parseMatchPaths, []);
  return {
    async find(pathname) {
      return findMatchPath(pathname, await load());
    },
  };
}
