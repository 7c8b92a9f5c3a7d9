/**
 * Renders a batch of Open Graph cards (SVG → PNG) in a short-lived child process, for the same
 * reason encode-child.ts exists: librsvg and libvips keep what they allocate, and thousands of
 * cards rendered in the build's own process added hundreds of MB to its peak.
 *
 * stdin: [{svg, file}] as JSON, read after the warm-up card (OG_CHILD_WARM_FLAG) if any.
 * Writes each PNG to its `file`; stdout: how many were written.
 */
import { rename } from "node:fs/promises";
import { text } from "node:stream/consumers";
import sharp from "sharp";
import { OG_CHILD_WARM_FLAG, OG_PNG_OPTIONS, ogCardSvg } from "./og-template.ts";

sharp.cache(false);
sharp.concurrency(1);

// Started ahead of its cards (pipeline.ts, `prestartOgChild`): drawing a throwaway card sets up
// the renderer and its fonts (0.2 s of a first card on a 2-core machine) while the build derives
// and keys its routes, instead of while it waits for the card.
if (process.argv.includes(OG_CHILD_WARM_FLAG)) {
  const card = { title: "Warming up", section: "Blog", siteName: "Harbor Desk", host: "example" };
  await sharp(Buffer.from(ogCardSvg(card)))
    .png(OG_PNG_OPTIONS)
    .toBuffer();
}

const jobs = JSON.parse(await text(process.stdin)) as Array<{ svg: string; file: string }>;
for (const job of jobs) {
  // Written beside and renamed in: a card in the cache is whole or absent, never half written
  // (builds link it into their output, pipeline.ts).
  const partial = `${job.file}.${process.pid}.partial.png`;
  await sharp(Buffer.from(job.svg)).png(OG_PNG_OPTIONS).toFile(partial);
  await rename(partial, job.file);
}
process.stdout.write(JSON.stringify(jobs.length));
