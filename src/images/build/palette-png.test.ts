import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  adjustAdler32,
  adler32,
  adler32Combine,
  nearestColour,
  packedRowBytes,
  packIndices,
  palettePngAround,
  type Rgb,
  sealRows,
} from "./palette-png.ts";

/** zlib's own Adler-32 of `bytes`: the last four bytes of its stream. */
const zlibAdler = (bytes: Uint8Array) =>
  deflateSync(bytes).readUInt32BE(deflateSync(bytes).length - 4);

/** A whole image as the rows between two empty sealed runs. */
const palettePng = (width: number, height: number, palette: readonly Rgb[], packed: Buffer) =>
  palettePngAround(
    width,
    height,
    palette,
    sealRows(Buffer.alloc(0), false),
    packed,
    sealRows(Buffer.alloc(0), true),
  );

const PALETTE: Rgb[] = Array.from({ length: 16 }, (_, index) => [
  index * 16,
  255 - index * 16,
  (index * 37) % 256,
]);

describe("a palette PNG", () => {
  it("decodes to each pixel's palette colour, odd widths included", async () => {
    for (const [width, height] of [
      [7, 5],
      [8, 3],
      [1, 1],
    ] as const) {
      const indices = Uint8Array.from({ length: width * height }, (_, at) => (at * 7 + 3) % 16);
      const png = palettePng(width, height, PALETTE, packIndices(indices, width, height));
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([width, height, 3]);
      for (let at = 0; at < indices.length; at++) {
        expect([...data.subarray(at * 3, at * 3 + 3)]).toEqual([
          ...(PALETTE[indices[at] as number] as Rgb),
        ]);
      }
      const meta = await sharp(png).metadata();
      expect(meta.bitsPerSample).toBe(4);
    }
  });

  it("decodes the same with rows deflated between rows sealed once", async () => {
    const [width, height] = [37, 23];
    const rowBytes = packedRowBytes(width);
    const indices = Uint8Array.from({ length: width * height }, (_, at) => (at * 5 + 1) % 16);
    const packed = packIndices(indices, width, height);
    const whole = await sharp(palettePng(width, height, PALETTE, packed))
      .raw()
      .toBuffer();
    for (const [top, rows] of [
      [5, 9],
      [0, 4],
      [19, 4],
      [0, 23],
    ] as const) {
      const above = sealRows(packed.subarray(0, top * rowBytes), false);
      const middle = Buffer.from(packed.subarray(top * rowBytes, (top + rows) * rowBytes));
      const below = sealRows(packed.subarray((top + rows) * rowBytes), true);
      const png = palettePngAround(width, height, PALETTE, above, middle, below);
      // sharp checks the zlib stream's Adler-32 (a wrong one fails to decode).
      expect((await sharp(png).raw().toBuffer()).equals(whole), `${top}+${rows}`).toBe(true);
    }
    const above = sealRows(packed.subarray(0, rowBytes), false);
    const below = sealRows(packed.subarray(2 * rowBytes), true);
    const middle = Buffer.from(packed.subarray(rowBytes, 2 * rowBytes));
    const wrong = palettePngAround(width, height, PALETTE, above, middle, below, 12345);
    await expect(sharp(wrong).raw().toBuffer()).rejects.toThrow();
  });

  it("sums Adler-32 as zlib does, whole, combined and adjusted", () => {
    const bytes = Uint8Array.from({ length: 70_001 }, (_, at) => (at * 131 + (at >> 7)) % 256);
    expect(adler32(bytes)).toBe(zlibAdler(bytes));
    expect(adler32(new Uint8Array(0))).toBe(1);
    const cut = 12_345;
    expect(
      adler32Combine(
        adler32(bytes.subarray(0, cut)),
        adler32(bytes.subarray(cut)),
        bytes.length - cut,
      ),
    ).toBe(zlibAdler(bytes));
    const changed = Uint8Array.from(bytes);
    let sum = 0;
    let weighted = 0;
    for (const at of [0, 17, 5_000, 69_999, 70_000]) {
      const value = (changed[at] as number) ^ 0xa5;
      sum += value - (changed[at] as number);
      weighted += (changed.length - at) * (value - (changed[at] as number));
      changed[at] = value;
    }
    expect(adjustAdler32(adler32(bytes), sum, weighted)).toBe(zlibAdler(changed));
  });

  it("refuses a palette 4 bits cannot index, and rows of the wrong size", () => {
    const packed = packIndices(new Uint8Array(4), 2, 2);
    expect(() => palettePng(2, 2, [...PALETTE, [0, 0, 0]], packed)).toThrow(/1 to 16 colours/);
    expect(() => palettePng(2, 2, [], packed)).toThrow(/1 to 16 colours/);
    expect(() => palettePng(3, 2, PALETTE, packed)).toThrow(/bytes of rows/);
    expect(() => packIndices(new Uint8Array(5), 2, 2)).toThrow(/5 pixels/);
  });

  it("maps a colour to the nearest in the palette, the first of equals", () => {
    const palette: Rgb[] = [
      [0, 0, 0],
      [255, 255, 255],
      [250, 0, 0],
      [250, 0, 0],
    ];
    expect(nearestColour(palette, 10, 10, 10)).toBe(0);
    expect(nearestColour(palette, 200, 200, 210)).toBe(1);
    expect(nearestColour(palette, 255, 10, 0)).toBe(2);
  });
});
