/**
 * The line a build prints after its summary when it encoded pictures or drew Open Graph cards:
 * on a fresh clone the first build spends most of its time there (131 pages: 21 of 23 s on two
 * cores, encoding 522 AVIF, WebP and fallback files), and without a word about it the first
 * `npm start` looked stuck on "Resolving images…" and every later build's speed was a surprise.
 * Pure: the build scripts print it.
 */
import type { ImageReport } from "../images/node.ts";

/** What of the image report the line needs. */
type ImageWork = Pick<ImageReport, "encodes" | "ogRendered"> & { seconds: number };

/** The line, or null when the build took every picture and card from the cache. */
export function imageWorkNote(images: ImageWork, cacheDir = ".cache/images"): string | null {
  const done: string[] = [];
  if (images.encodes > 0) done.push(`encoded ${plural(images.encodes, "picture file")}`);
  if (images.ogRendered > 0) done.push(`drew ${plural(images.ogRendered, "Open Graph card")}`);
  if (done.length === 0) return null;
  const what = done.join(" and ");
  return `Images: ${what} in ${images.seconds.toFixed(1)} s, kept in ${cacheDir}: the next build reuses them.`;
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
}
