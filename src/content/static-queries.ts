import { fnv1a } from "../lib/index.ts";

/**
 * Shared data built once and cached once by the client, one file per query.
 * The hash names the file `/page-data/sq/d/{hash}.json`; it derives from the query's
 * name so the client bundle and the build agree without a manifest.
 */
export const STATIC_QUERY_NAMES = [
  "site-settings",
  "navigation",
  "footer",
  "interview-library",
] as const;
export type StaticQueryName = (typeof STATIC_QUERY_NAMES)[number];

/**
 * The queries the shell reads, so every page lists them. The others are listed only by the
 * routes that read them (a route's `staticQueries`): the interview builder's question library
 * (15 KB brotli) loads with that page alone, after its first paint.
 */
export const SHELL_STATIC_QUERIES = [
  "site-settings",
  "navigation",
  "footer",
] as const satisfies readonly StaticQueryName[];

export const STATIC_QUERY_HASH: Record<StaticQueryName, string> = {
  "site-settings": fnv1a("site-settings"),
  navigation: fnv1a("navigation"),
  footer: fnv1a("footer"),
  "interview-library": fnv1a("interview-library"),
};
