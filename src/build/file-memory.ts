/**
 * What a process that builds again and again (`npm run build -- --watch`) keeps of the files it
 * read or wrote, so the next build does not read and parse them again while they are unchanged:
 * the content's texts (10,000 posts: 0.13 s to read, 0.05 s to stat) and the JSON files the
 * build keeps between builds (the post cache and the state, 30-55 ms each to parse).
 *
 * A file is unchanged while its stamp is: inode, size, modification and change time. Any write
 * to a file sets its change time, which no program can set back, and a file renamed over it
 * has another inode; so an edit is always seen, whatever the editor did to the other fields.
 * Except within one tick of the kernel's clock for file times (a few milliseconds on some
 * file systems): a text read in the same tick as the write before it could be followed by
 * another write of the same size that leaves the stamp as it was (git's "racily clean"
 * files). A text is therefore trusted only when its change time was well before the read.
 */
import { readFileSync, statSync } from "node:fs";

/** Longer than any file-time tick: a change this long before a read cannot share its tick. */
const RACY_MS = 100;

/** What says a file is unchanged: its inode, size, modification and change time. */
export interface FileStamp {
  stamp: string;
  /** The change time (ms since the epoch): a read RACY_MS after it saw the file's last write. */
  changedAt: number;
}

/** The file's stamp now; null when there is no such file. */
export function fileStamp(file: string): FileStamp | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) return null;
  return {
    stamp: `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`,
    changedAt: stats.ctimeMs,
  };
}

/**
 * Whether a file with this stamp, read at `readAt` (ms since the epoch), can be trusted by its
 * stamp afterwards: it had not changed for RACY_MS by then.
 */
export function settledBy(stamp: FileStamp, readAt: number): boolean {
  return stamp.changedAt < readAt - RACY_MS;
}

export interface FileMemory {
  /** The file's text (null: no such file), kept from an earlier read while unchanged. */
  text(file: string): string | null;
  /**
   * What `parse` made of the file's text (null: no such file), kept while unchanged; a value
   * handed to `wrote` is kept as what its file holds.
   */
  parsed<T>(file: string, parse: (text: string) => T): T | null;
  /** `file` was just written with `value`, as parsed() would make it: kept for parsed(). */
  wrote(file: string, value: unknown): void;
}

export function createFileMemory(): FileMemory {
  const values = new Map<string, { stamp: string; value: unknown }>();
  /**
   * What `read` makes of the file, from `kept` while its stamp is unchanged. Stamped before
   * the read: a write during it leaves a stamp that no longer matches.
   */
  const through = <T>(
    kept: Map<string, { stamp: string; value: T }>,
    file: string,
    read: () => T,
  ): T | null => {
    const stamped = fileStamp(file);
    if (stamped === null) {
      kept.delete(file);
      return null;
    }
    const known = kept.get(file);
    if (known?.stamp === stamped.stamp) return known.value;
    const value = read();
    if (settledBy(stamped, Date.now())) kept.set(file, { stamp: stamped.stamp, value });
    else kept.delete(file);
    return value;
  };
  const textValues = new Map<string, { stamp: string; value: string }>();
  return {
    text: (file) => through(textValues, file, () => readFileSync(file, "utf8")),
    parsed: <T>(file: string, parse: (text: string) => T) =>
      through(values as Map<string, { stamp: string; value: T }>, file, () =>
        parse(readFileSync(file, "utf8")),
      ),
    wrote(file, value) {
      // Written by this process, renamed into place whole (writeFileWhole): another writer's
      // file would be another inode.
      const stamped = fileStamp(file);
      if (stamped === null) values.delete(file);
      else values.set(file, { stamp: stamped.stamp, value });
    },
  };
}

let processMemory: FileMemory | undefined;

/** This process's memory of files, made when first asked for. */
export function processFileMemory(): FileMemory {
  processMemory ??= createFileMemory();
  return processMemory;
}
