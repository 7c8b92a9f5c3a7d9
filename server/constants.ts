/** Constants of the static site server and its Node entry point. */

import {
  htmlFileFor,
  MATCH_PATHS_FILE,
  NOT_FOUND_PAGE_PATH,
  REDIRECTS_FILE,
  SERVER_ERROR_PAGE_PATH,
} from "../src/protocol/index.ts";

/** Content-hashed build output: its name changes whenever its bytes do, so it never goes stale. */
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
/** Anything whose URL stays put across builds: caches must ask (cheaply, via ETag) every time. */
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
/** Error answers and API responses: never reuse them. */
export const CACHE_NO_STORE = "no-store";

/** URL prefix of the content-hashed build output. */
export const IMMUTABLE_PREFIX = "/assets/";

export const DEFAULT_PORT = 8000;
/** All interfaces, so the server is reachable inside a container; the start line prints a local URL. */
export const DEFAULT_HOST = "0.0.0.0";
export const DEFAULT_OUT_DIR = "public";

/** The error pages and the match-paths file are named by the page-data protocol. */
export const NOT_FOUND_FILE = htmlFileFor(NOT_FOUND_PAGE_PATH);
export const SERVER_ERROR_FILE = htmlFileFor(SERVER_ERROR_PAGE_PATH);
export { MATCH_PATHS_FILE, REDIRECTS_FILE };
export const INDEX_FILE = "index.html";

/** Requests still running this long after SIGINT/SIGTERM are cut off. */
export const SHUTDOWN_GRACE_MS = 10_000;

export const API_PREFIX = "/api";
export const API_NOT_FOUND_BODY = { success: false, message: "Not found" } as const;
export const API_ERROR_BODY = { success: false, message: "Internal server error" } as const;
