/**
 * A PNG of palette colours, 4 bits a pixel, written directly: the encoder of the Open Graph
 * cards (og-raster.ts). sharp writes palette PNGs only through libimagequant, which chooses a
 * palette for every image: 11 of the 22 ms a card took. A card's colours are known before it
 * is drawn, so its pixels are mapped to them here and the bytes written as the PNG
 * specification lays them out (signature, IHDR, PLTE, IDAT, IEND; each row a filter byte,
 * 0, and two pixels a byte, the first in the high half).
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

export type Rgb = readonly [red: number, green: number, blue: number];

/** Colours a 4-bit palette holds. */
export const MAX_PALETTE_COLOURS = 16;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes of one row of packed pixels, its filter byte included. */
export function packedRowBytes(width: number): number {
  return 1 + Math.ceil(width / 2);
}

/**
 * Pixels given as one palette index each (`indices`, `width` a row), packed two a byte into
 * rows that each start with filter byte 0 ("none"): PNG's pixel data before compression.
 */
export function packIndices(indices: Uint8Array, width: number, height: number): Buffer {
  if (indices.length !== width * height) {
    throw new RangeError(`${indices.length} pixels for a ${width}×${height} image`);
  }
  const rowBytes = packedRowBytes(width);
  const packed = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y += 1) packRow(indices, y * width, width, packed, y * rowBytes);
  return packed;
}

/** One row of `width` indices from `indices[from]` into `packed[at]` (its filter byte first). */
function packRow(
  indices: Uint8Array,
  from: number,
  width: number,
  packed: Buffer,
  at: number,
): void {
  packed[at] = 0;
  let out = at + 1;
  let x = 0;
  for (; x + 1 < width; x += 2) {
    packed[out] = ((indices[from + x] as number) << 4) | (indices[from + x + 1] as number);
    out += 1;
  }
  if (x < width) packed[out] = (indices[from + x] as number) << 4;
}

/**
 * Rows deflated once, to stand above or below rows that differ from image to image
 * (`palettePngAround`): a card's backdrop above and below its title.
 */
export interface SealedRows {
  /** Raw deflate blocks, byte-aligned; the last block final when the rows end the image. */
  deflated: Buffer;
  /** Adler-32 of the rows. */
  adler: number;
  /** Bytes of rows. */
  length: number;
}

/**
 * zlib's level for rows sealed once: a card's backdrop above and below its title took 1.1 ms
 * at level 6, against 5.5 ms at level 9 for 7 % fewer bytes, and a first build seals them for
 * each section's backdrop and title size in each of its card drawing children; deflated as
 * runs only (0.2 ms) every card was 0.9 KB larger.
 */
const SEALED_LEVEL = 6;

/** `rows` deflated for `palettePngAround`, `last` when nothing follows them. */
export function sealRows(rows: Buffer, last: boolean): SealedRows {
  return {
    deflated: deflateRawSync(rows, {
      level: SEALED_LEVEL,
      ...(last ? {} : { finishFlush: constants.Z_FULL_FLUSH }),
    }),
    adler: adler32(rows),
    length: rows.length,
  };
}

/**
 * The PNG file of `rows` between two sealed runs of rows (`sealRows`): one zlib stream, in
 * which only `rows` is deflated now. A card deflated whole took 1.9 ms; most of it is the
 * backdrop, the same on every card of a section.
 */
export function palettePngAround(
  width: number,
  height: number,
  palette: readonly Rgb[],
  above: SealedRows,
  rows: Buffer,
  below: SealedRows,
  /** The Adler-32 of `rows`, when the caller knows it (`adjustAdler32`). */
  rowsAdler = adler32(rows),
): Buffer {
  checkImage(width, height, palette, above.length + rows.length + below.length);
  // The rows end in a full flush: byte-aligned, and what follows refers to nothing before it.
  // Runs only (Z_RLE): a title's rows are runs of the ground between glyphs. On the title rows
  // of 300 cards (2-core AMD EPYC, 7 interleaved rounds): 343-349 µs a card into 10.9 KB;
  // level 1 371-373 µs into 10.1 KB, level 2 405-407 µs into 9.6 KB, level 6 1.2-1.6 ms into
  // 7.9 KB.
  const middle = deflateRawSync(rows, {
    strategy: constants.Z_RLE,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const adler = adler32Combine(
    adler32Combine(above.adler, rowsAdler, rows.length),
    below.adler,
    below.length,
  );
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  return pngFile(
    width,
    height,
    palette,
    ZLIB_HEADER,
    above.deflated,
    middle,
    below.deflated,
    trailer,
  );
}

/** zlib's header for deflate with a 32 KB window, no dictionary (CMF 0x78; FLG 0x9c checks it). */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);

const ADLER_BASE = 65521;
/** Bytes summed before reducing: the sums stay within 32 bits (zlib reduces every 5,552). */
const ADLER_RUN = 3800;

/** Adler-32 of `bytes`, zlib's checksum of the uncompressed data. */
export function adler32(bytes: Uint8Array, start = 1): number {
  let a = start & 0xffff;
  let b = start >>> 16;
  let at = 0;
  while (at < bytes.length) {
    const end = Math.min(at + ADLER_RUN, bytes.length);
    for (; at < end; at += 1) {
      a += bytes[at] as number;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * The Adler-32 of bytes whose Adler-32 was `adler` before some of them changed: `sum` is the
 * sum of the changes (new − old), `weighted` the sum of each change times the bytes from it to
 * the end (its own included). Adler-32 is two sums, so changing a few bytes of many costs a few
 * operations instead of reading them all again.
 */
export function adjustAdler32(adler: number, sum: number, weighted: number): number {
  const a = ((((adler & 0xffff) + sum) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  const b = ((((adler >>> 16) + weighted) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two runs of bytes one after the other, from theirs (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  let sum1 = first & 0xffff;
  let sum2 = (remainder * sum1) % ADLER_BASE;
  sum1 += (second & 0xffff) + ADLER_BASE - 1;
  sum2 += (first >>> 16) + (second >>> 16) + ADLER_BASE - remainder;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= 2 * ADLER_BASE) sum2 -= 2 * ADLER_BASE;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

function checkImage(width: number, height: number, palette: readonly Rgb[], bytes: number) {
  if (palette.length === 0 || palette.length > MAX_PALETTE_COLOURS) {
    throw new RangeError(`a 4-bit palette holds 1 to 16 colours, not ${palette.length}`);
  }
  if (bytes !== packedRowBytes(width) * height) {
    throw new RangeError(`${bytes} bytes of rows for a ${width}×${height} image`);
  }
}

/** The file: signature, header, palette, the zlib stream (`idat`, in pieces), end. */
function pngFile(
  width: number,
  height: number,
  palette: readonly Rgb[],
  ...idat: Uint8Array[]
): Buffer {
  const idatLength = idat.reduce((total, piece) => total + piece.length, 0);
  const chunks = 4 * 12;
  const file = Buffer.alloc(SIGNATURE.length + chunks + 13 + palette.length * 3 + idatLength);
  SIGNATURE.copy(file, 0);
  let at = SIGNATURE.length;
  // IHDR: size, bit depth 4, colour type 3 (palette); compression, filter and interlace 0.
  at = chunk(file, at, "IHDR", 13, (data) => {
    data.writeUInt32BE(width, 0);
    data.writeUInt32BE(height, 4);
    data[8] = 4;
    data[9] = 3;
  });
  at = chunk(file, at, "PLTE", palette.length * 3, (data) => {
    palette.forEach(([red, green, blue], index) => {
      data[index * 3] = red;
      data[index * 3 + 1] = green;
      data[index * 3 + 2] = blue;
    });
  });
  at = chunk(file, at, "IDAT", idatLength, (data) => {
    let offset = 0;
    for (const piece of idat) {
      data.set(piece, offset);
      offset += piece.length;
    }
  });
  chunk(file, at, "IEND", 0, () => {});
  return file;
}

/**
 * Writes a chunk at `at` in `file`: its length, type, data (`fill` writes it) and the CRC-32
 * of type and data; returns where the next chunk starts. The file is allocated once: copying
 * each chunk and then the whole was 3 of every card's 40 KB of garbage.
 */
function chunk(
  file: Buffer,
  at: number,
  type: string,
  length: number,
  fill: (data: Buffer) => void,
): number {
  file.writeUInt32BE(length, at);
  file.write(type, at + 4, "latin1");
  fill(file.subarray(at + 8, at + 8 + length));
  file.writeUInt32BE(crc32(file.subarray(at + 4, at + 8 + length)), at + 8 + length);
  return at + 12 + length;
}

/** The index of the palette colour nearest `colour` (squared distance in RGB; first on a tie). */
export function nearestColour(palette: readonly Rgb[], red: number, green: number, blue: number) {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let index = 0; index < palette.length; index += 1) {
    const [r, g, b] = palette[index] as Rgb;
    const distance = (r - red) ** 2 + (g - green) ** 2 + (b - blue) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  }
  return best;
}
