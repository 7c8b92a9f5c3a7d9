/**
 * Client-only routes: a page with a `matchPath` answers every URL its pattern matches. One
 * ranking decides which page a URL is, for the server, the dev server and the client runtime.
 */
import { normalizePathname } from "./page-path.ts";
import type { MatchPathEntry } from "./types.ts";
import { MATCH_PATHS_FILE } from "./urls.ts";

const SPLAT = "*";
const isSplat = (segment: string) => segment.startsWith(SPLAT);
const isDynamic = (segment: string) => /^:.+/.test(segment);

function segmentize(path: string): string[] {
  return path.replace(/^\/+|\/+$/g, "").split("/");
}

/**
 * A pattern's rank, scored like @reach/router (which Gatsby's match paths use): every segment
 * counts, static segments beat `:params`, which beat `*` splats. Higher is more specific.
 */
export function rankMatchPath(matchPath: string): number {
  let score = 0;
  for (const segment of segmentize(matchPath)) {
    score += 4;
    if (segment === "") score += 1;
    else if (isDynamic(segment)) score += 2;
    else if (isSplat(segment)) score -= 5;
    else score += 3;
  }
  return score;
}

/** `*` also matches nothing (`/a/*` covers `/a` and `/a/`); `:param` never matches the root. */
function segmentsMatch(route: string[], uri: string[]): boolean {
  const isRootUri = uri.length === 1 && uri[0] === "";
  for (let i = 0; i < Math.max(route.length, uri.length); i++) {
    const routeSegment = route[i];
    const uriSegment = uri[i];
    if (routeSegment !== undefined && isSplat(routeSegment)) return true;
    if (routeSegment === undefined || uriSegment === undefined) return false;
    if (isDynamic(routeSegment) && !isRootUri) continue;
    if (routeSegment !== uriSegment) return false;
  }
  return true;
}

/** Whether `path` (a decoded pathname, trailing slash or not) matches `matchPath`. */
export function matchesPattern(matchPath: string, path: string): boolean {
  return segmentsMatch(segmentize(matchPath), segmentize(path));
}

/**
 * The best-ranked entry whose pattern matches `path`, whatever the entries' order; on a tie
 * the first listed wins. A real page listed with its own path as pattern thus beats a splat
 * route that also covers it.
 */
export function findMatchPath(
  path: string,
  entries: readonly MatchPathEntry[],
): MatchPathEntry | undefined {
  let best: { entry: MatchPathEntry; score: number } | undefined;
  for (const entry of entries) {
    if (!matchesPattern(entry.matchPath, path)) continue;
    const score = rankMatchPath(entry.matchPath);
    if (best === undefined || score > best.score) best = { entry, score };
  }
  return best?.entry;
}

/**
 * The order the build writes the match-paths file in: best rank first (ties keep their
 * order), so a reader taking the first match gets the same answer as `findMatchPath`.
 */
export function sortMatchPaths(entries: readonly MatchPathEntry[]): MatchPathEntry[] {
  return entries
    .map((entry, index) => ({ entry, index, score: rankMatchPath(entry.matchPath) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Validates the match-paths file's JSON; throws naming the entry at fault. */
export function parseMatchPaths(json: unknown, source = MATCH_PATHS_FILE): MatchPathEntry[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected an array of {path, matchPath}`);
  return json.map((entry: unknown, index) => {
    const record = entry as Partial<Record<string, unknown>> | null;
    const path = record?.path;
    const matchPath = record?.matchPath;
    if (
      typeof path !== "string" ||
      typeof matchPath !== "string" ||
      !path.startsWith("/") ||
      !matchPath.startsWith("/")
    ) {
      throw new Error(
        `${source}[${index}]: expected {path: "/…", matchPath: "/…"}, got ${JSON.stringify(entry)}`,
      );
    }
    const segments = segmentize(matchPath);
    if (segments.slice(0, -1).some(isSplat)) {
      throw new Error(`${source}[${index}]: "${SPLAT}" must be the last segment of ${matchPath}`);
    }
    return { path, matchPath };
  });
}

/**
 * The page a URL shows: its normalised pathname, or the page owning the best-ranked match
 * path that covers it. The client caches and requests page data under this key; the dev
 * server renders this page.
 */
export function resolvePagePath(pathname: string, matchPaths: readonly MatchPathEntry[]): string {
  const path = normalizePathname(pathname);
  const entry = findMatchPath(path, matchPaths);
  return entry === undefined ? path : normalizePathname(entry.path);
}
