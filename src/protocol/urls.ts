/**
 * Where the protocol's files live. Every URL and output file name of the page-data protocol
 * is built (and, for the dev server, recognised) here and nowhere else.
 */

/** The page shown, at the requested URL, for a path no page owns; served with status 404. */
export const NOT_FOUND_PAGE_PATH = "/404.html";
/** The page shown, at the requested URL, when page data answers 500. */
export const SERVER_ERROR_PAGE_PATH = "/500.html";

/** Client-only routes of the build: a JSON array of `MatchPathEntry`, ranked best first. */
export const MATCH_PATHS_URL = "/match-paths.json";
/** The same file, as a name inside the build's output folder. */
export const MATCH_PATHS_FILE = MATCH_PATHS_URL.slice(1);

export const APP_DATA_URL = "/page-data/app-data.json";

const PAGE_DATA_DIR = "/page-data/";
const PAGE_DATA_FILE = "/page-data.json";
const STATIC_QUERY_DIR = "/page-data/sq/d/";
const SLICE_DIR = "/slice-data/";
const JSON_EXTENSION = ".json";

/** `/` → `index`, `/blog/post/` → `blog/post`, the 404 page → its file name. */
export function pageDataSlug(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "index" : trimmed;
}

export function pageDataUrl(path: string): string {
  return `${PAGE_DATA_DIR}${pageDataSlug(path)}${PAGE_DATA_FILE}`;
}

export function staticQueryUrl(hash: string): string {
  return `${STATIC_QUERY_DIR}${hash}${JSON_EXTENSION}`;
}

export function sliceDataUrl(name: string): string {
  return `${SLICE_DIR}${name}${JSON_EXTENSION}`;
}

/**
 * The HTML file of a page, relative to the output folder: `/blog/x/` → `blog/x/index.html`,
 * `/` → `index.html`, a file-like path (the error pages) → itself.
 */
export function htmlFileFor(path: string): string {
  if (path.endsWith(".html")) return path.slice(1);
  return `${path.slice(1)}index.html`;
}

/** What a protocol URL asks for; the inverse of the builders above. */
export type ProtocolRequest =
  | { kind: "app-data" }
  | { kind: "page-data"; slug: string }
  | { kind: "static-query"; hash: string }
  | { kind: "slice"; name: string };

/** Reads a pathname as a protocol file request; `undefined` for any other URL. */
export function parseProtocolUrl(pathname: string): ProtocolRequest | undefined {
  if (pathname === APP_DATA_URL) return { kind: "app-data" };
  const inside = (prefix: string, suffix: string) =>
    pathname.startsWith(prefix) &&
    pathname.endsWith(suffix) &&
    pathname.length > prefix.length + suffix.length
      ? pathname.slice(prefix.length, -suffix.length)
      : undefined;
  const hash = inside(STATIC_QUERY_DIR, JSON_EXTENSION);
  if (hash !== undefined) return hash.includes("/") ? undefined : { kind: "static-query", hash };
  const name = inside(SLICE_DIR, JSON_EXTENSION);
  if (name !== undefined) return name.includes("/") ? undefined : { kind: "slice", name };
  const slug = inside(PAGE_DATA_DIR, PAGE_DATA_FILE);
  if (slug !== undefined) return { kind: "page-data", slug };
  return undefined;
}
