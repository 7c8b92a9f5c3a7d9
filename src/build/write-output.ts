import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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
  writes.recorded?.add(file);
  if (writes.onlyChanged && sameAsOnDisk(file, content)) return;
  writes.count += 1;
  const dir = dirname(file);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  try {
    // A string is written as UTF-8 directly: no intermediate Buffer per page.
    writeFileSync(file, content);
  } catch (error) {
    // The folder was made by an earlier build in this process and removed since (Vite empties
    // the output folder): make it again.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, content);
  }
}

/**
 * `writeOutputFile`, answering the file's size in bytes: a page's and its page data's, which
 * the build reports. A string's UTF-8 size is read back from the file system, one stat:
 * measuring the string before writing it scanned all of it, and writing it encoded it again
 * (15 µs of a 55 KB page). Files whose size nobody reads (the search fragments) skip the stat.
 */
export function writeMeasuredOutputFile(file: string, content: string | Buffer): number {
  writeOutputFile(file, content);
  return typeof content === "string" ? statSync(file).size : content.length;
}

/**
 * This thread's writes: how many files it wrote, whether a file whose bytes are already on
 * disk is left alone (an incremental build: an unchanged file keeps its time, and the count
 * says what a rebuild really rewrote), and which files it wrote, when asked.
 */
export const writes: {
  count: number;
  onlyChanged: boolean;
  /** When set, every file written (or left alone as unchanged) is added: output-record.ts. */
  recorded: Set<string> | null;
} = { count: 0, onlyChanged: false, recorded: null };

function sameAsOnDisk(file: string, content: string | Buffer): boolean {
  let existing: Buffer;
  try {
    existing = readFileSync(file);
  } catch {
    return false;
  }
  const size = typeof content === "string" ? Buffer.byteLength(content) : content.length;
  return existing.length === size && existing.equals(Buffer.from(content));
}

/**
 * Folders this thread has made. Every page is a folder of its own (`/blog/x/index.html`,
 * `/page-data/blog/x/page-data.json`), and `mkdir -p` costs a syscall per path component each
 * time; a folder once made is not asked for again.
 */
const madeDirs = new Set<string>();

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
