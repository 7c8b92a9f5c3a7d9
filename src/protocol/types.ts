/**
 * The page-data protocol's file shapes, declared once for everything that writes or reads
 * them: the build, the dev server, the client runtime and the server. docs/architecture.md
 * lists the files.
 */

/** `/page-data/{p}/page-data.json` */
export interface PageData<Data = unknown> {
  /** Names the lazily loaded chunk that renders this page (a template or a named page). */
  componentChunkName: string;
  /** The page's canonical path, always with a trailing slash except for files like the 404 page. */
  path: string;
  /** A client-side route pattern such as `/interview-builder/*`; the page answers every path it matches. */
  matchPath?: string;
  result: { data: Data; pageContext: PageContext };
  /** Hashes of the static queries the page (and its shell) reads; see `/page-data/sq/d/{hash}.json`. */
  staticQueryHashes: string[];
  /** Slot name → slice name; each slice's data lives at `/slice-data/{name}.json`. */
  slicesMap?: Record<string, string>;
  /** The build that wrote this file; a client built from another hash must not render it. */
  compilationHash?: string;
}

export interface PageContext {
  /** The page asks for a static (not scroll-reactive) header. */
  staticHeader?: boolean;
  /** What the router writes into <head> after a client-side navigation. */
  head?: { title: string; description?: string; canonical?: string };
  [key: string]: unknown;
}

/** `/page-data/app-data.json` */
export interface AppData {
  compilationHash: string;
}

/** `/page-data/sq/d/{hash}.json` */
export interface StaticQueryResult {
  data: unknown;
}

/** `/slice-data/{name}.json` */
export interface SliceData {
  componentChunkName: string;
  result: { data: unknown; sliceContext: Record<string, unknown> };
  staticQueryHashes: string[];
}

/** One entry of the match-paths file (and of the inline bootstrap data). */
export interface MatchPathEntry {
  /** The page that owns the pattern, e.g. `/interview-builder/`. */
  path: string;
  /** Its pattern: literal segments, `:name` for one segment, `*` for any rest. */
  matchPath: string;
}

/**
 * What the prerendered HTML inlines (in `<script type="application/json" id="__hd_data">`)
 * so the first load needs no extra round trips for the page's own data.
 */
export interface BootstrapData {
  compilationHash: string;
  pageData: PageData;
  /**
   * Static query results to seed the loader with. The build leaves them out: they are the same
   * on every page (settings, navigation, footer: 1.3 KB brotli of each page's first response),
   * so the loader fetches their files once, after the first paint, and the browser caches them.
   */
  staticQueryResults?: Record<string, unknown>;
  slices: Record<string, SliceData>;
  matchPaths: MatchPathEntry[];
}
