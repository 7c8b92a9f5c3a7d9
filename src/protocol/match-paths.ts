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
function segmentsMatch(route: readonly string[], uri: readonly string[]): boolean {
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

/** A pattern as matching uses it: split and ranked once, not once per URL tested. */
interface CompiledPattern {
  segments: readonly string[];
  score: number;
}

/**
 * Remembered by pattern text: a page's prefetcher resolves every link it watches against every
 * pattern as the links enter and leave the viewport, and splitting and ranking each pattern
 * again every time was most of that work (tasks of 5-24 ms on a 2-core machine, four times that
 * under Lighthouse's mobile throttling, after the first paint of every page; 5-8 ms since).
 * A site has a few dozen patterns; the bound only guards against a caller testing made-up ones.
 */
const compiledPatterns = new Map<string, CompiledPattern>();
const MAX_COMPILED_PATTERNS = 500;

function compiledPattern(matchPath: string): CompiledPattern {
  let pattern = compiledPatterns.get(matchPath);
  if (pattern === undefined) {
    pattern = { segments: segmentize(matchPath), score: rankMatchPath(matchPath) };
    if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear();
    compiledPatterns.set(matchPath, pattern);
  }
  return pattern;
}

/** Whether `path` (a decoded pathname, trailing slash or not) matches `matchPath`. */
export function matchesPattern(matchPath: string, path: string): boolean {
  return segmentsMatch(compiledPattern(matchPath).segments, segmentize(path));
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
  if (entries.length === 0) return undefined;
  const uri = segmentize(path);
  let best: { entry: MatchPathEntry; score: number } | undefined;
  for (const entry of entries) {
    const { segments, score } = compiledPattern(entry.matchPath);
    if (!segmentsMatch(segments, uri)) continue;
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
