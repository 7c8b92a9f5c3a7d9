import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Below this size a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

export interface CompressionLevels {
  /** 0–11; 11 is smallest and slowest. */
  brotli: number;
  /** 1–9. */
  gzip: number;
}

/**
 * Writes one output file, creating its folder; returns its size. Pages, page data and the
 * other per-site files are written as they are: the server compresses them on their first
 * request (server/compress.ts), as static hosts and CDNs do. Compressing thousands of them
 * here took 12 s (18 %) of a 10,000-post build, and 55 % when the pages were thinner.
 */
export function writeOutputFile(file: string, content: string | Buffer): number {
  const buffer = typeof content === "string" ? Buffer.from(content) : content;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buffer);
  return buffer.length;
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
