import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readSourceMeta } from "./source-meta.ts";

/** A 300×200 PNG with an alpha channel, every pixel opaque but those `marked` gives. */
async function png(marked: { x: number; y: number; alpha: number }[] = [], bitdepth: 8 | 16 = 8) {
  const width = 300;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) pixels.set([40, 90, 160, 255], i * 4);
  for (const { x, y, alpha } of marked) pixels[(y * width + x) * 4 + 3] = alpha;
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png(bitdepth === 16 ? { palette: false } : {})
    .toColourspace(bitdepth === 16 ? "rgb16" : "srgb")
    .toBuffer();
}

describe("readSourceMeta", () => {
  it("calls an image with an alpha channel opaque when every pixel is, and gives it a placeholder", async () => {
    const meta = await readSourceMeta(await png());
    expect(meta).toMatchObject({ width: 300, height: 200, format: "png", hasAlpha: false });
    expect(meta.placeholderDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(meta.placeholderColor).toMatch(/^rgb\(\d+ \d+ \d+\)$/);
  });

  it("finds one barely transparent pixel that a thumbnail would average away", async () => {
    const meta = await readSourceMeta(await png([{ x: 299, y: 199, alpha: 254 }]));
    expect(meta.hasAlpha).toBe(true);
    expect(meta.placeholderDataUrl).toBeUndefined();
    const hole = await readSourceMeta(await png([{ x: 150, y: 0, alpha: 0 }]));
    expect(hole.hasAlpha).toBe(true);
  });

  it("reads 16-bit alpha, and calls an image without an alpha channel opaque without reading it", async () => {
    expect((await readSourceMeta(await png([], 16))).hasAlpha).toBe(false);
    expect((await readSourceMeta(await png([{ x: 0, y: 0, alpha: 0 }], 16))).hasAlpha).toBe(true);
    const jpeg = await sharp(await png())
      .flatten()
      .jpeg()
      .toBuffer();
    expect(await readSourceMeta(jpeg)).toMatchObject({ format: "jpeg", hasAlpha: false });
  });
});
