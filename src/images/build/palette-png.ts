/**
 * A PNG of palette colours, 4 bits a pixel, written directly: the encoder of the Open Graph
 * cards (og-raster.ts). sharp writes palette PNGs only through libimagequant, which chooses a
 * palette for every image: 11 of the 22 ms a card took. A card's colours are known before it
 * is drawn, so its pixels are mapped to them here and the bytes written as the PNG
 * specification lays them out (signature, IHDR, PLTE, IDAT, IEND; each row a filter byte,
 * 0, and two pixels a byte, the first in the high half).
 */
import { crc32, deflateSync } from "node:zlib";

export type Rgb = readonly [red: number, green: number, blue: number];

/** Colours a 4-bit palette holds. */
export const MAX_PALETTE_COLOURS = 16;

/**
 * zlib's level for the pixel data. Measured on 60 cards: level 6 in 1.9 ms a card into 12.3 KB,
 * level 9 in 12 ms into 11.8 KB, level 1 in 0.5 ms into 15.8 KB. Every build copies every card
 * into its output, so the bytes count more than a millisecond drawn once.
 */
const DEFLATE_LEVEL = 6;

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
export function packRow(
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

/** The PNG file of `packed` rows (`packIndices`) in `palette`'s colours. */
export function palettePng(
  width: number,
  height: number,
  palette: readonly Rgb[],
  packed: Buffer,
): Buffer {
  if (palette.length === 0 || palette.length > MAX_PALETTE_COLOURS) {
    throw new RangeError(`a 4-bit palette holds 1 to 16 colours, not ${palette.length}`);
  }
  if (packed.length !== packedRowBytes(width) * height) {
    throw new RangeError(`${packed.length} bytes of rows for a ${width}×${height} image`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 4; // bit depth
  header[9] = 3; // colour type: palette
  // Compression 0 (deflate), filter method 0, no interlace: bytes 10-12 stay 0.
  const colours = Buffer.alloc(palette.length * 3);
  palette.forEach(([red, green, blue], index) => {
    colours[index * 3] = red;
    colours[index * 3 + 1] = green;
    colours[index * 3 + 2] = blue;
  });
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", colours),
    chunk("IDAT", deflateSync(packed, { level: DEFLATE_LEVEL })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A chunk: its length, type, data, and the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
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
