/**
 * Turns a URL pathname into file-system segments that cannot leave the site root.
 *
 * The URL parser has already folded `..`, `%2e%2e` and backslashes by the time a Request
 * reaches us, but a handler must not rely on its host having done so: every segment is
 * decoded here on its own and rejected if it could name anything but one plain entry.
 */
import path from "node:path";

export type RequestPath =
  | {
      ok: true;
      /** Decoded path segments, none empty, none `.`/`..`, none containing a separator. */
      segments: string[];
      /** The pathname ended in `/` (a directory-style URL such as `/blog/x/`). */
      trailingSlash: boolean;
      /** The decoded pathname, for matching against the build's match paths. */
      decoded: string;
    }
  | { ok: false; status: 400 | 404 };

const BAD_REQUEST = { ok: false, status: 400 } as const;
const NOT_FOUND = { ok: false, status: 404 } as const;

// Control characters (NUL included), and both separators: a decoded segment holding any of
// these is an attempt to smuggle structure past the split on "/".
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN_IN_SEGMENT = /[\u0000-\u001f\u007f/\\]/;

/** Dot-files stay private (`.env`, `.git`…); `.well-known` is the one public dot-folder. */
const PUBLIC_DOT_SEGMENTS = new Set([".well-known"]);

export function parseRequestPath(pathname: string): RequestPath {
  if (!pathname.startsWith("/")) return BAD_REQUEST;
  const raw = pathname.split("/").slice(1);
  const trailingSlash = raw.at(-1) === "";
  if (trailingSlash) raw.pop();

  const segments: string[] = [];
  for (const encoded of raw) {
    // `//` would make two URLs for one file, and `//host` in a redirect would leave the site.
    if (encoded === "") return NOT_FOUND;
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return BAD_REQUEST;
    }
    if (segment === "." || segment === ".." || FORBIDDEN_IN_SEGMENT.test(segment)) {
      return BAD_REQUEST;
    }
    if (segment.startsWith(".") && !PUBLIC_DOT_SEGMENTS.has(segment)) return NOT_FOUND;
    segments.push(segment);
  }
  const decoded = `/${segments.join("/")}${trailingSlash && segments.length > 0 ? "/" : ""}`;
  return { ok: true, segments, trailingSlash: trailingSlash || segments.length === 0, decoded };
}

/**
 * Joins checked segments under the root. The containment test is a second lock behind
 * parseRequestPath: it throws rather than answer with a file outside the root.
 */
export function resolveInRoot(root: string, segments: readonly string[]): string {
  const absoluteRoot = path.resolve(root);
  const file = path.join(absoluteRoot, ...segments);
  const relative = path.relative(absoluteRoot, file);
  if (relative.split(path.sep)[0] === ".." || path.isAbsolute(relative)) {
    throw new Error(`Refusing to resolve ${JSON.stringify(segments)} outside ${absoluteRoot}`);
  }
  return file;
}
