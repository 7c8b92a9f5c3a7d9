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
 * For the per-page files (thousands of them): brotli 5 costs about a tenth of brotli 9's CPU
 * time for a few percent more bytes. The few shared assets get the maximum (site-files.ts).
 */
export const DEFAULT_COMPRESSION: CompressionLevels = { brotli: 5, gzip: 6 };

/** Writes a file plus `.br` and `.gz` siblings, which the server sends to clients that accept them. */
export function writeWithCompressed(
  file: string,
  content: string | Buffer,
  levels: CompressionLevels | null = DEFAULT_COMPRESSION,
): number {
  const buffer = typeof content === "string" ? Buffer.from(content) : content;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buffer);
  if (levels && buffer.length >= MIN_COMPRESS_BYTES) {
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
  return buffer.length;
}
