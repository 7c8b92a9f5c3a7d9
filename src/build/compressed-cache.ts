/**
 * Compressed copies of the shared assets, kept between builds by content hash. Brotli at
 * quality 11 of Vite's chunks and the static files took 2 s of every build although they only
 * change when code does; a build whose assets are byte-identical to an earlier one's copies
 * the `.br`/`.gz` it made then.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import {
  type CompressionLevels,
  MIN_COMPRESS_BYTES,
  writeCompressedSiblings,
} from "./write-output.ts";

export function createCompressedCache(cacheDir: string) {
  mkdirSync(cacheDir, { recursive: true });
  return (file: string, buffer: Buffer, levels: CompressionLevels): void => {
    // Below the threshold no siblings are written at all.
    if (buffer.length < MIN_COMPRESS_BYTES) return;
    const key = createHash("sha256")
      .update(`${levels.brotli}|${levels.gzip}|`)
      .update(buffer)
      .digest("hex")
      .slice(0, 32);
    const cached = join(cacheDir, key);
    if (existsSync(`${cached}.br`) && existsSync(`${cached}.gz`)) {
      copyFileSync(`${cached}.br`, `${file}.br`);
      copyFileSync(`${cached}.gz`, `${file}.gz`);
      return;
    }
    writeCompressedSiblings(file, buffer, levels);
    // Written under a temporary name and renamed: a build running alongside never reads half a file.
    for (const ext of [".br", ".gz"]) {
      const temp = `${cached}${ext}.${process.pid}.tmp`;
      copyFileSync(`${file}${ext}`, temp);
      renameSync(temp, `${cached}${ext}`);
    }
  };
}
