/**
 * Encodes one picture's variants in a short-lived child process. libvips and the AVIF encoder
 * allocate hundreds of MB that the allocator keeps after use; doing the work here hands it all
 * back to the system on exit, so the prerender that follows starts from a small heap.
 *
 * stdin: {source, meta, plan, stem, filesDir} as JSON. stdout: the Variant list as JSON.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import sharp from "sharp";
import type { ImagePlan } from "../layout.ts";
import { encodeVariants } from "./local.ts";
import type { SourceMeta } from "./source-meta.ts";

sharp.cache(false);
sharp.concurrency(1);

const input = JSON.parse(await text(process.stdin)) as {
  source: string;
  meta: SourceMeta;
  plan: ImagePlan;
  stem: string;
  filesDir: string;
};
const encoded = await encodeVariants({
  bytes: await readFile(input.source),
  meta: input.meta,
  plan: input.plan,
  stem: input.stem,
  onEncode: () => {},
});
// Written aside and renamed into place: another build sharing the cache (the dev server, a
// test) that copies a variant meanwhile finds the whole file or none, never a part.
for (const variant of encoded) {
  const file = join(input.filesDir, variant.file);
  const aside = `${file}.${process.pid}.partial`;
  await writeFile(aside, variant.bytes);
  await rename(aside, file);
}
process.stdout.write(JSON.stringify(encoded.map(({ bytes: _bytes, ...variant }) => variant)));
