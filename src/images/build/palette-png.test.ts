import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { nearestColour, packIndices, palettePng, type Rgb } from "./palette-png.ts";

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
