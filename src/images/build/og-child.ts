/**
 * Draws a batch of Open Graph cards (og-raster.ts) in a short-lived child process, for the same
 * reason encode-child.ts exists: librsvg and libvips keep what they allocate, and thousands of
 * cards drawn in the build's own process added hundreds of MB to its peak.
 *
 * stdin: [{card, file}] as JSON, read after the warm-up card (OG_CHILD_WARM_FLAG) if any.
 * Writes each PNG to its `file`; stdout: how many were written.
 */
import { renameSync, writeFileSync } from "node:fs";
import { text } from "node:stream/consumers";
import sharp from "sharp";
import { createOgRenderer } from "./og-raster.ts";
import { OG_CHILD_WARM_FLAG, type OgCard, type OgWarmUpCard } from "./og-template.ts";

sharp.cache(false);
sharp.concurrency(1);

const renderer = createOgRenderer();

// Started ahead of its cards (pipeline.ts, `prestartOgChild`): drawing a throwaway card sets up
// the renderer and its fonts (0.2 s of a first card on a 2-core machine), and the glyphs of both
// title sizes (og-glyphs.ts, 0.1 s each), while the build derives and keys its routes, instead
// of while it waits for the card. Given the card's other fields
// (the argument after the flag), its backdrop is ready for the cards that share them.
const warmFlagAt = process.argv.indexOf(OG_CHILD_WARM_FLAG);
if (warmFlagAt >= 0) {
  const given = process.argv[warmFlagAt + 1];
  const card: OgWarmUpCard = given
    ? (JSON.parse(given) as OgWarmUpCard)
    : { section: "Blog", siteName: "Harbor Desk", host: "example" };
  await renderer.draw({ title: "Warming up", ...card });
  await renderer.prepareTitles();
}

const jobs = JSON.parse(await text(process.stdin)) as Array<{ card: OgCard; file: string }>;
for (const job of jobs) {
  // Written beside and renamed in: a card in the cache is whole or absent, never half written
  // (builds link it into their output, pipeline.ts). Written synchronously: this process has
  // nothing else to do meanwhile, and fs/promises' file handles cost 0.2 ms a card.
  const partial = `${job.file}.${process.pid}.partial.png`;
  writeFileSync(partial, await renderer.draw(job.card));
  renameSync(partial, job.file);
}
process.stdout.write(JSON.stringify(jobs.length));
