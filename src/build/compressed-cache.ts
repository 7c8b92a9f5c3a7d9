/**
 * Compressed copies of the shared assets, kept between builds by content hash. Brotli at
 * quality 11 of Vite's chunks and the static files took 2 s of every build although they only
 * change when code does; a build whose assets are byte-identical to an earlier one's copies
 * the `.br`/`.gz` it made then.
 */
import { createHash } from "node:crypto";
import { keptFiles } from "./kept-files.ts";
import {
  type CompressionLevels,
  MIN_COMPRESS_BYTES,
  writeCompressedSiblings,
} from "./write-output.ts";

/**
 * Compressed copies kept, the most recently used: a build has about 80 (a `.br` and a `.gz` of
 * each asset worth compressing), and every change to the client code adds those of the chunks
 * it changed. Unbounded, the folder grew with every code change for as long as a checkout
 * lived.
 */
export const COMPRESSED_COPIES_KEPT = 1000;

export interface CompressedCache {
  /** Writes `file`'s compressed siblings, copied from the cache when it has them. */
  compress(file: string, buffer: Buffer, levels: CompressionLevels): void;
  /** Once the build's assets are compressed: keeps the newest COMPRESSED_COPIES_KEPT. */
  prune(): Promise<void>;
}

export function createCompressedCache(
  cacheDir: string,
  copiesKept = COMPRESSED_COPIES_KEPT,
): CompressedCache {
  const kept = keptFiles(cacheDir, copiesKept);
  const compress = (file: string, buffer: Buffer, levels: CompressionLevels): void => {
    // Below the threshold no siblings are written at all.
    if (buffer.length < MIN_COMPRESS_BYTES) return;
    const key = createHash("sha256")
      .update(`${levels.brotli}|${levels.gzip}|`)
      .update(buffer)
      .digest("hex")
      .slice(0, 32);
    if (kept.restore(`${key}.br`, `${file}.br`) && kept.restore(`${key}.gz`, `${file}.gz`)) {
      return;
    }
    writeCompressedSiblings(file, buffer, levels);
    for (const ext of [".br", ".gz"]) kept.keep(`${key}${ext}`, `${file}${ext}`);
  };
  return { compress, prune: () => kept.prune() };
}
