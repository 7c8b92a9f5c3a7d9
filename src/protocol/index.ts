/**
 * The page-data protocol: file shapes, URLs, error pages and the match-path ranking. Pure
 * (no DOM, no Node APIs), so the runtime, the build, the dev server and the server share it.
 */
export {
  BOOTSTRAP_SCRIPT_ID,
  bootstrapSerializer,
  ROOT_ELEMENT_ID,
  safeInScript,
  serializeBootstrapData,
} from "./bootstrap.ts";
export {
  findMatchPath,
  matchesPattern,
  parseMatchPaths,
  rankMatchPath,
  resolvePagePath,
  sortMatchPaths,
} from "./match-paths.ts";
export { normalizePathname } from "./page-path.ts";
export {
  findRedirect,
  GONE_STATUS,
  parseRedirects,
  REDIRECTS_FILE,
  REDIRECTS_URL,
  type RedirectRule,
} from "./redirects.ts";
export type {
  AppData,
  BootstrapData,
  MatchPathEntry,
  PageContext,
  PageData,
  SliceData,
  StaticQueryResult,
} from "./types.ts";
export {
  APP_DATA_URL,
  htmlFileFor,
  MATCH_PATHS_FILE,
  MATCH_PATHS_URL,
  NOT_FOUND_PAGE_PATH,
  type ProtocolRequest,
  pageDataSlug,
  pageDataUrl,
  parseProtocolUrl,
  SERVER_ERROR_PAGE_PATH,
  sliceDataUrl,
  staticQueryUrl,
} from "./urls.ts";
