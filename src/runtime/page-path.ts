import type { MatchPathEntry } from "./types.ts";

/** A last segment with an extension (`404.html`, `report.pdf`) names a file, not a directory. */
const FILE_SEGMENT = /\.[a-z0-9]+$/i;

/**
 * Normalises a pathname into the key the loader caches and requests page data under:
 * search and hash dropped, percent-escapes decoded except reserved characters (a malformed
 * escape keeps the raw text rather than throwing), repeated slashes collapsed,
 * `…/index.html` read as its directory, a trailing slash added to directory-like paths,
 * file-like paths (`/404.html`) kept.
 * A path that a client-side route pattern matches resolves to that route's page path.
 */
export function resolvePagePath(pathname: string, matchPaths: readonly MatchPathEntry[]): string {
  const path = normalizePathname(pathname);
  const entry = findMatchPath(path, matchPaths);
  return entry === undefined ? path : normalizePathname(entry.path);
}

export function normalizePathname(pathname: string): string {
  let path = safeDecode(pathname.split(/[?#]/, 1)[0] ?? "");
  path = `/${path}`.replace(/\/{2,}/g, "/");
  if (path.endsWith("/index.html")) path = path.slice(0, -"index.html".length);
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  if (!path.endsWith("/") && !FILE_SEGMENT.test(lastSegment)) path += "/";
  return path;
}

/** decodeURI, not decodeURIComponent: an escaped `?`, `#` or `/` must not become URL syntax. */
function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/**
 * The best-ranked route pattern matching `path`, ranked like @reach/router (which Gatsby's
 * match paths use): static segments beat `:params`, which beat `*` splats, so a real page
 * listed with its own path as pattern wins over a splat route that also covers it.
 */
export function findMatchPath(
  path: string,
  matchPaths: readonly MatchPathEntry[],
): MatchPathEntry | undefined {
  const uriSegments = segmentize(path);
  let best: { entry: MatchPathEntry; score: number } | undefined;
  for (const entry of matchPaths) {
    const routeSegments = segmentize(entry.matchPath);
    if (!segmentsMatch(routeSegments, uriSegments)) continue;
    const score = rankRoute(routeSegments);
    if (best === undefined || score > best.score) best = { entry, score };
  }
  return best?.entry;
}

function segmentize(path: string): string[] {
  return path.replace(/^\/+|\/+$/g, "").split("/");
}

const isSplat = (segment: string) => segment.startsWith("*");
const isDynamic = (segment: string) => /^:.+/.test(segment);

function rankRoute(segments: string[]): number {
  let score = 0;
  for (const segment of segments) {
    score += 4;
    if (segment === "") score += 1;
    else if (isDynamic(segment)) score += 2;
    else if (isSplat(segment)) score -= 5;
    else score += 3;
  }
  return score;
}

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
