/**
 * The build's redirects file (content/redirects.json as written by the build): old paths
 * answered with their status and Location, or 410 for pages that are gone.
 */
import { findRedirect, parseRedirects, type RedirectRule } from "../src/protocol/index.ts";
import { createJsonFileCache } from "./json-file-cache.ts";

/** Re-read whenever the file changes, like the match-paths store. */
export function createRedirectStore(file: string): {
  find(pathname: string): Promise<RedirectRule | undefined>;
} {
  const load = createJsonFileCache<RedirectRule[]>(file, parseRedirects, []);
  return {
    async find(pathname) {
      return findRedirect(pathname, await load());
    },
  };
}
