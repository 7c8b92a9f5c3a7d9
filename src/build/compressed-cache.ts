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

export function createCompressedCache(cacheDir: string) {
  const kept = keptFiles(cacheDir);
  return (file: string, buffer: Buffer, levels: CompressionLevels): void => {
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
}
