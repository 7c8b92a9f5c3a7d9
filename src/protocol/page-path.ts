/** A last segment with an extension (`report.pdf`, the error pages) names a file, not a directory. */
const FILE_SEGMENT = /\.[a-z0-9]+$/i;

/**
 * Search and hash dropped, percent-escapes decoded except reserved characters (a malformed
 * escape keeps the raw text rather than throwing), repeated slashes collapsed,
 * `…/index.html` read as its directory, a trailing slash added to directory-like paths,
 * file-like paths kept.
 */
export function normalizePathname(pathname: string): string {
  // Remembered: the shell's path rules normalise the same few dozen patterns for every page
  // it renders (2 % of a prerender worker's time before).
  let path = normalizedPaths.get(pathname);
  if (path === undefined) {
    path = normalize(pathname);
    if (normalizedPaths.size >= MAX_NORMALIZED_PATHS) normalizedPaths.clear();
    normalizedPaths.set(pathname, path);
  }
  return path;
}

const normalizedPaths = new Map<string, string>();
/** Enough for every pattern and the pages of a session; a build's pages churn past it. */
const MAX_NORMALIZED_PATHS = 500;

function normalize(pathname: string): string {
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
