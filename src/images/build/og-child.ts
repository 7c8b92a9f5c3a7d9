/**
 * Draws a batch of Open Graph cards (og-raster.ts) in a short-lived child process, for the same
 * reason encode-child.ts exists: librsvg and libvips keep what they allocate, and thousands of
 * cards drawn in the build's own process added hundreds of MB to its peak.
 *
 * stdin: an OgChildBatch as JSON, read after the warm-up card (OG_CHILD_WARM_FLAG) if any.
 * Writes each PNG into the batch's folder, and its pack if it has one; stdout: how many.
 */
import { join } from "node:path";
import { text } from "node:stream/consumers";
import sharp from "sharp";
import { startPack, writeCardWhole } from "./card-pack.ts";
import { createOgRenderer } from "./og-raster.ts";
import { OG_CHILD_WARM_FLAG, type OgChildBatch, type OgWarmUpCard } from "./og-template.ts";

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

const batch = JSON.parse(await text(process.stdin)) as OgChildBatch;
// A pack that cannot be started or written only costs the next build its copies (card-pack.ts).
const pack = batch.packsDir === undefined ? null : startPack(batch.packsDir);
for (const { card, name } of batch.cards) {
  // Whole or absent, never half written, in the cache or in an output a later incremental build
  // writes into (builds link or keep it).
  const png = await renderer.draw(card);
  writeCardWhole(join(batch.dir, name), png);
  pack?.add(name, png);
}
pack?.finish([]);
process.stdout.write(JSON.stringify(batch.cards.length));
