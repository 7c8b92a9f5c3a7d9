/** The local back end's pictures made from awkward sources: turned photos, exact widths, broken files. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../../tests/unit/temp-folder.ts";
import { createImagePipeline } from "./pipeline.ts";

const work = registerTempFolder("hd-pipeline-");

function pipelineWith(files: Record<string, Buffer>) {
  const imagesDir = join(work(), "images");
  mkdirSync(imagesDir, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(imagesDir, name), bytes);
  return createImagePipeline({
    imagesDir,
    outDir: join(work(), "out"),
    cacheDir: join(work(), "cache"),
  });
}

/** A JPEG `width`×`height` as stored, red on its left half and blue on its right. */
async function halvesJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
  }).composite([
    {
      input: { create: { width: half, height, channels: 3, background: { r: 255, g: 0, b: 0 } } },
      left: 0,
      top: 0,
    },
  ]);
  const jpeg = await sharp(await image.jpeg().toBuffer())
    .withMetadata(orientation ? { orientation } : {})
    .jpeg()
    .toBuffer();
  return jpeg;
}

describe("local pictures", () => {
  it("are turned as their EXIF orientation says, size and pixels alike", async () => {
    // Stored 800×400 with orientation 6 (turn 90° clockwise): shown 400×800, red on top.
    const pipeline = pipelineWith({ "turned.jpg": await halvesJpeg(800, 400, 6) });
    const picture = await pipeline.picture("turned.jpg", "illustration");
    expect(picture.height).toBeGreaterThan(picture.width);
    const fallback = /([^\s,]+\.jpg) \d+w/.exec(picture.srcSet)?.[1] as string;
    const file = join(work(), "out", fallback);
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    expect(info.height).toBeGreaterThan(info.width);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(info.width / 2, 2)[0]).toBeGreaterThan(200); // red at the top
    expect(pixel(info.width / 2, info.height - 3)[2]).toBeGreaterThan(200); // blue at the bottom
  });

  it("list each width once when the source is exactly a candidate's width", async () => {
    const pipeline = pipelineWith({ "exact.jpg": await halvesJpeg(720, 400) });
    const picture = await pipeline.picture("exact.jpg", "hero");
    const widths = picture.srcSet.split(", ").map((candidate) => candidate.split(" ")[1]);
    expect(widths).toEqual([...new Set(widths)]);
    expect(widths).toEqual(["480w", "720w"]);
  });

  it("are encoded once for two presets with the same plan, asked for at once", async () => {
    const pipeline = pipelineWith({ "shared.jpg": await halvesJpeg(1600, 900) });
    const [hero, cover] = await Promise.all([
      pipeline.picture("shared.jpg", "hero"),
      pipeline.picture("shared.jpg", "cover"),
    ]);
    expect(cover.srcSet).toBe(hero.srcSet);
    // Four widths in AVIF, WebP and JPEG.
    expect(pipeline.report.encodes).toBe(12);
  });

  it("fail a source that is not an image, naming its file", async () => {
    const pipeline = pipelineWith({ "empty.png": Buffer.alloc(0), "text.png": Buffer.from("hi") });
    await expect(pipeline.picture("empty.png", "hero")).rejects.toThrow(
      "content/images/empty.png cannot be read as an image",
    );
    await expect(pipeline.picture("text.png", "hero")).rejects.toThrow("content/images/text.png");
  });

  it("fail an animated source rather than keep its first frame silently", async () => {
    const frame = (red: number) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: { r: red, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame(255), await frame(0)], { join: { animated: true } })
      .webp()
      .toBuffer();
    const pipeline = pipelineWith({ "spinner.webp": animated });
    await expect(pipeline.picture("spinner.webp", "hero")).rejects.toThrow(
      "content/images/spinner.webp cannot be read as an image: it has 2 frames",
    );
  });
});
