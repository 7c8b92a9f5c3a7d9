import { fnv1a } from "../lib/index.ts";

/**
 * Shared data every page may read, built once and cached once by the client.
 * The hash names the file `/page-data/sq/d/{hash}.json`; it derives from the query's
 * name so the client bundle and the build agree without a manifest.
 */
export const STATIC_QUERY_NAMES = ["site-settings", "navigation", "footer"] as const;
export type StaticQueryName = (typeof STATIC_QUERY_NAMES)[number];

export const STATIC_QUERY_HASH: Record<StaticQueryName, string> = {
  "site-settings": fnv1a("site-settings"),
  navigation: fnv1a("navigation"),
  footer: fnv1a("footer"),
};
