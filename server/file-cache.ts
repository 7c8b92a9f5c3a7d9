/**
 * The bytes of small build files, kept in memory and checked against the disk on every read.
 *
 * Under load the static handler spent most of its main thread on file-handle work: open,
 * fstat, read and close for every request, each a round trip through libuv's thread pool.
 * One stat per request keeps "a rebuild is live at once" (a rewritten file has a new inode,
 * size or mtime, and its new bytes are read) and saves the other three. Large files are not
 * kept: the caller streams them.
 *
 * The stat is synchronous on purpose. For a build folder on a local disk it answers from the
 * kernel's inode cache in microseconds, while the thread-pool round trip of an async stat cost
 * the event loop several times that and halved the requests served under 1,000 connections
 * (bench:serve). Do not serve the build from a network file system.
 */
import { type Stats, statSync } from "node:fs";
import { readFile } from "node:fs/promises";

/** A small file's bytes with the stat they were read under. */
export interface CachedFile {
  kind: "bytes";
  stats: Stats;
  bytes: Buffer<ArrayBuffer>;
}

/** A file above the per-file limit: the caller opens and streams it. */
export interface LargeFile {
  kind: "large";
  stats: Stats;
}

export interface FileCacheOptions {
  /** Files up to this size are kept. */
  maxFileBytes: number;
  /** Least recently read files are dropped beyond this total. */
  maxTotalBytes: number;
}

export interface FileCache {
  /** The file's bytes or its stat when too large; undefined when it does not exist. */
  read(file: string): Promise<CachedFile | LargeFile | undefined>;
  /**
   * Bytes derived from a file version just read (a compressed copy), made once by `make` and
   * kept under `variant` until the file changes; concurrent callers share one `make`.
   */
  derived(
    file: string,
    source: CachedFile,
    variant: string,
    make: (bytes: Buffer) => Promise<Buffer>,
  ): Promise<Buffer>;
  /** Bytes held now (for tests and diagnostics). */
  heldBytes(): number;
}

/** Errors that mean "there is no such file here", as opposed to a broken disk or permissions. */
const MISSING_FILE_CODES = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG"]);

export function isMissingFileError(error: unknown): boolean {
  return MISSING_FILE_CODES.has((error as NodeJS.ErrnoException).code ?? "");
}

/** Undefined for a path that is missing or not a regular file. */
export function statFile(file: string): Stats | undefined {
  try {
    // A missing file is the common miss (a 404 tries several names): answered without an
    // exception, whose stack trace would cost more than the stat.
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats?.isFile() ? stats : undefined;
  } catch (error) {
    if (isMissingFileError(error)) return undefined;
    throw error;
  }
}

function sameVersion(a: Stats, b: Stats): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

export function createFileCache({ maxFileBytes, maxTotalBytes }: FileCacheOptions): FileCache {
  // A Map iterates in insertion order; re-inserting on every hit makes it least-recent first.
  const entries = new Map<string, CachedFile>();
  let held = 0;

  function forget(file: string): void {
    const entry = entries.get(file);
    if (!entry) return;
    entries.delete(file);
    held -= entry.bytes.byteLength;
  }

  function keep(file: string, entry: CachedFile): void {
    forget(file);
    if (entry.bytes.byteLength > maxTotalBytes) return;
    entries.set(file, entry);
    held += entry.bytes.byteLength;
    for (const [oldest] of entries) {
      if (held <= maxTotalBytes) break;
      forget(oldest);
    }
  }

  // Derived bytes being made, by cache key: one compression however many requests wait for it.
  const making = new Map<string, { stats: Stats; bytes: Promise<Buffer> }>();

  async function derived(
    file: string,
    source: CachedFile,
    variant: string,
    make: (bytes: Buffer) => Promise<Buffer>,
  ): Promise<Buffer> {
    // NUL cannot occur in a path, so no file's own key collides with a variant's.
    const key = `${file}\u0000${variant}`;
    const kept = entries.get(key);
    if (kept && sameVersion(kept.stats, source.stats)) {
      entries.delete(key);
      entries.set(key, kept);
      return kept.bytes;
    }
    const pending = making.get(key);
    if (pending && sameVersion(pending.stats, source.stats)) return pending.bytes;
    const bytes = make(source.bytes);
    making.set(key, { stats: source.stats, bytes });
    try {
      const made = (await bytes) as Buffer<ArrayBuffer>;
      // Kept under the version it was made from: served only while a fresh stat of the file
      // still matches, so a file rewritten meanwhile never gets the old bytes.
      keep(key, { kind: "bytes", stats: source.stats, bytes: made });
      return made;
    } finally {
      if (making.get(key)?.bytes === bytes) making.delete(key);
    }
  }

  async function read(file: string): Promise<CachedFile | LargeFile | undefined> {
    const stats = statFile(file);
    if (!stats) {
      forget(file);
      return undefined;
    }
    if (stats.size > maxFileBytes) {
      forget(file);
      return { kind: "large", stats };
    }
    const cached = entries.get(file);
    if (cached && sameVersion(cached.stats, stats)) {
      entries.delete(file);
      entries.set(file, cached);
      return cached;
    }
    let bytes: Buffer<ArrayBuffer>;
    try {
      bytes = await readFile(file);
    } catch (error) {
      // Deleted between the stat and the read (a rebuild cleaning up): as if it never was.
      if (isMissingFileError(error)) {
        forget(file);
        return undefined;
      }
      throw error;
    }
    // A rebuild writing the file in place may have changed it since the stat: keep the bytes
    // only when they are as long as the stat said, so a torn read is never served twice.
    const entry: CachedFile = { kind: "bytes", stats, bytes };
    if (bytes.byteLength === stats.size) keep(file, entry);
    else forget(file);
    return entry;
  }

  return { read, derived, heldBytes: () => held };
}
