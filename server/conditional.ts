/** Validators (ETag, Last-Modified) and the conditional-GET check that turns a hit into 304. */
import type { ContentEncoding } from "./encoding.ts";

export interface FileVersion {
  size: number;
  mtimeMs: number;
}

/**
 * A strong validator from size and modification time (to the microsecond), as nginx does:
 * the build rewrites a changed file, which moves its mtime. Each encoding is a different
 * byte sequence, so it gets its own tag.
 */
export function etagFor(version: FileVersion, encoding?: ContentEncoding): string {
  const mtime = Math.round(version.mtimeMs * 1000).toString(16);
  return `"${version.size.toString(16)}-${mtime}${encoding ? `-${encoding}` : ""}"`;
}

export function lastModifiedFor(version: FileVersion): string {
  return new Date(version.mtimeMs).toUTCString();
}

function opaqueTag(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

/**
 * True when the client's cached copy is current (RFC 9110 §13.1). If-None-Match uses the
 * weak comparison and, when present, overrides If-Modified-Since.
 */
export function isNotModified(
  headers: { get(name: string): string | null },
  etag: string,
  version: FileVersion,
): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const wanted = opaqueTag(etag);
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim())
      .some((tag) => tag === "*" || opaqueTag(tag) === wanted);
  }
  const ifModifiedSince = headers.get("if-modified-since");
  if (ifModifiedSince === null) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds, so compare at that precision.
  return !Number.isNaN(since) && Math.floor(version.mtimeMs / 1000) * 1000 <= since;
}
