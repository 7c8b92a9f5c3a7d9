/** What the build needs to know about a source image, read once with sharp and cached. */

import { rgbaToThumbHash, thumbHashToAverageRGBA, thumbHashToDataURL } from "thumbhash";
import { loadSharp } from "./sharp.ts";

export interface SourceMeta {
  /** Intrinsic size (an SVG's at 72 dpi, i.e. its own px). */
  width: number;
  height: number;
  format: string;
  hasAlpha: boolean;
  /** A tiny blurred preview as a PNG data URL (opaque images only). */
  placeholderDataUrl?: string;
  /** The image's average colour as CSS (opaque images only). */
  placeholderColor?: string;
}

/** ThumbHash works on at most 100×100 pixels. */
const THUMB_SIZE = 100;

/** Fully opaque alpha, for comparing the alpha channel a slice at a time. */
const OPAQUE_SLICE = Buffer.alloc(64 * 1024, 255);

/**
 * Whether every pixel of an image with an alpha channel is fully opaque. Judged on the full
 * image, not on a thumbnail, whose resampled edges can look half transparent; and on its alpha
 * channel alone, one byte a pixel: sharp's stats() keeps every channel of the decoded image and
 * works them all out (a 15000×15000 PNG: 949 MB and 30 s, against 318 MB and 1 s here).
 */
async function alphaIsFull(bytes: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  const alpha = await sharp(bytes).extractChannel(3).raw({ depth: "uchar" }).toBuffer();
  for (let start = 0; start < alpha.length; start += OPAQUE_SLICE.length) {
    const end = Math.min(start + OPAQUE_SLICE.length, alpha.length);
    if (alpha.compare(OPAQUE_SLICE, 0, end - start, start, end) !== 0) return false;
  }
  return true;
}

export async function readSourceMeta(bytes: Buffer): Promise<SourceMeta> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes).metadata();
  // Every variant would show the first frame alone, silently: the author is told instead.
  if ((metadata.pages ?? 1) > 1) {
    throw new Error(
      `it has ${metadata.pages} frames (an animation or a multi-page file), and pictures are single frames: export the one to show`,
    );
  }
  // As it is shown: turned as its EXIF orientation says (local.ts encodes it so).
  const { data, info } = await sharp(bytes, { autoOrient: true })
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const opaque = !metadata.hasAlpha || (await alphaIsFull(bytes));
  const meta: SourceMeta = {
    width: metadata.autoOrient?.width ?? metadata.width ?? 0,
    height: metadata.autoOrient?.height ?? metadata.height ?? 0,
    format: metadata.format ?? "unknown",
    hasAlpha: !opaque,
  };
  if (opaque) {
    const hash = rgbaToThumbHash(info.width, info.height, data);
    const { r, g, b } = thumbHashToAverageRGBA(hash);
    const byte = (value: number) => Math.round(value * 255);
    meta.placeholderDataUrl = thumbHashToDataURL(hash);
    meta.placeholderColor = `rgb(${byte(r)} ${byte(g)} ${byte(b)})`;
  }
  return meta;
}
