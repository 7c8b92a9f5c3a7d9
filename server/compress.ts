/**
 * Compression on demand, for text files the build did not precompress: the pages and their
 * page data. There are thousands of those, and compressing each one at build time took 18 %
 * of a 10,000-post build (55 % when the pages were thinner); a page is compressed here
 * instead, on its first request, once per coding and file version, and kept with its bytes in
 * the file cache. The build still precompresses its few shared assets at the highest level.
 *
 * Kept variants are compressed at the highest level, in zlib's thread pool, so the event loop
 * keeps serving while a large page compresses (brotli 11 takes 70 ms for the 66 KB home page
 * and 140 ms for the 177 KB interview builder, for 11 % fewer bytes than level 5: the
 * first-response budget is counted in those bytes). Files too large to keep are compressed as
 * they stream, at a fast level.
 */
import { promisify } from "node:util";
import {
  type BrotliCompress,
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  type Gzip,
  gzip,
} from "node:zlib";
import type { ContentEncoding } from "./encoding.ts";

/** Below this size a compressed body saves less than its headers cost: sent as it is. */
export const MIN_COMPRESSED_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The smallest encoding of bytes that are kept and sent many times. */
export function compressForKeeping(bytes: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(bytes, { level: 9 });
  return brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
}

/** A compressor for a large file's stream: fast, since nothing keeps its output. */
export function compressingStream(encoding: ContentEncoding): BrotliCompress | Gzip {
  if (encoding === "gzip") return createGzip({ level: 6 });
  return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
}
