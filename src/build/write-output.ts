import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Below this size a compressed copy saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

export interface CompressionLevels {
  /** 0–11; 11 is smallest and slowest. */
  brotli: number;
  /** 1–9. */
  gzip: number;
}

/**
 * Writes one output file, creating its folder. Pages, page data and the other per-site files
 * are written as they are: the server compresses them on their first request
 * (server/compress.ts), as static hosts and CDNs do. Compressing thousands of them here took
 * 12 s (18 %) of a 10,000-post build, and 55 % when the pages were thinner.
 */
export function writeOutputFile(file: string, content: string | Buffer): void {
  writeFile(file, content, false);
}

/**
 * `writeOutputFile`, answering the file's size in bytes: a page's and its page data's, which
 * the build reports. A new file's size is read back from the file system, one stat: measuring
 * the string before writing it scanned all of it, and writing it encoded it again (15 µs of a
 * 55 KB page). Files whose size nobody reads skip the stat.
 */
export function writeMeasuredOutputFile(file: string, content: string | Buffer): number {
  return writeFile(file, content, true);
}

/** Writes `file`; answers its size in bytes when `measure` (else 0). */
function writeFile(file: string, content: string | Buffer, measure: boolean): number {
  writes.recorded?.add(file);
  if (writes.onlyChanged) {
    const size = sizeIfSameOnDisk(file, content);
    if (size !== null) return size;
  }
  writes.count += 1;
  if (writes.overwrite) {
    const size = overwriteInPlace(file, content);
    if (size !== null) return size;
  }
  const dir = dirname(file);
  if (!madeDirs.has(dir) && !writes.foldersComing) makeFolder(dir);
  try {
    // A string is written as UTF-8 directly: no intermediate Buffer per page.
    writeFileSync(file, content);
  } catch (error) {
    // The folder is not there: another thread has not made it yet (`foldersComing`), or an
    // earlier build in this process made it and it was removed since (Vite empties the output
    // folder). Made here, then.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    makeFolder(dir);
    writeFileSync(file, content);
  }
  if (!measure) return 0;
  return typeof content === "string" ? statSync(file).size : content.length;
}

/**
 * Writes over an existing file's bytes and cuts it to the new length, answering that; null
 * when there is no such file. Truncating first (what writeFileSync does) hands the file's
 * pages back to the file system only for the write to take and zero them again, and asking
 * for the folder first costs a mkdir and a stat. On tmpfs, rewriting 10,000 pages of 48 KB
 * and their page data took 0.86-0.98 s of CPU that way and 0.50-0.61 s this way; a 10,000-post
 * build over its own output used 7 % less (medians of 8 pairs: 13.5 s of CPU against 14.5 s).
 * Only the file's contents change: its inode, and any hard link to it, stay, as with a
 * truncating write.
 */
function overwriteInPlace(file: string, content: string | Buffer): number | null {
  let fd: number;
  try {
    fd = openSync(file, "r+");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const size = typeof content === "string" ? Buffer.byteLength(content) : content.length;
    // Given a descriptor, writeFileSync writes from its position, 0, until all is written.
    writeFileSync(fd, content);
    ftruncateSync(fd, size);
    return size;
  } finally {
    closeSync(fd);
  }
}

/**
 * This thread's writes: how many files it wrote, whether a file whose bytes are already on
 * disk is left alone (an incremental build: an unchanged file keeps its time, and the count
 * says what a rebuild really rewrote), whether most files are there already, and which files
 * it wrote, when asked.
 */
export const writes: WriteMode & {
  count: number;
  /** When set, every file written (or left alone as unchanged) is added: output-record.ts. */
  recorded: Set<string> | null;
  /**
   * Another thread is making the folders of the routes' files (`makeFolders`): this one writes
   * without asking for a folder first, and makes one only when a write finds it missing.
   */
  foldersComing: boolean;
} = { count: 0, onlyChanged: false, overwrite: false, recorded: null, foldersComing: false };

/** How a build writes its files: the same in each of its threads (render-pool.ts). */
export interface WriteMode {
  /** An incremental build: a file whose bytes are already on disk is left alone. */
  onlyChanged: boolean;
  /**
   * Set when a full build writes over its own earlier output (output-record.ts): a file that
   * is there is written over in place (`overwriteInPlace`), a file that is not is created.
   * Off, trying the file first cost a failed open per new file (0.3-0.4 s for 20,000).
   */
  overwrite: boolean;
}

/** The file's size when it holds exactly `content`, else null. */
function sizeIfSameOnDisk(file: string, content: string | Buffer): number | null {
  let existing: Buffer;
  try {
    existing = readFileSync(file);
  } catch {
    return null;
  }
  const size = typeof content === "string" ? Buffer.byteLength(content) : content.length;
  return existing.length === size && existing.equals(Buffer.from(content)) ? size : null;
}

/**
 * Folders this thread has made. Every page is a folder of its own (`/blog/x/index.html`,
 * `/page-data/blog/x/page-data.json`), and `mkdir -p` costs a syscall per path component each
 * time; a folder once made is not asked for again.
 */
const madeDirs = new Set<string>();

/**
 * Makes folders files will be written into, those this thread has not made already: a render
 * worker makes the routes' folders while it waits for its first routes (render-pool.ts,
 * `prepareFolders`). Made while the pages render, each mkdir cost 20-30 µs of a render thread,
 * two threads making folders side by side in the same parents; 24,000 of them were 0.5 s of
 * CPU of a 10,000-post build.
 */
export function makeFolders(dirs: Iterable<string>): void {
  for (const dir of dirs) if (!madeDirs.has(dir)) makeFolder(dir);
}

/** Makes a folder and its parents, and remembers it as made. */
function makeFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
  madeDirs.add(dir);
}

/**
 * Writes `.br` and `.gz` siblings of a file already written, which the server sends to clients
 * that accept them: for the few shared assets, compressed once at the highest levels.
 */
export function writeCompressedSiblings(
  file: string,
  buffer: Buffer,
  levels: CompressionLevels,
): void {
  if (buffer.length >= MIN_COMPRESS_BYTES) {
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(buffer, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
          [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(buffer, { level: levels.gzip }));
  }
}
