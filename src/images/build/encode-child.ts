/**
 * Encodes one picture's variants in a short-lived child process. libvips and the AVIF encoder
 * allocate hundreds of MB that the allocator keeps after use; doing the work here hands it all
 * back to the system on exit, so the prerender that follows starts from a small heap.
 *
 * stdin: {source, meta, plan, stem, filesDir} as JSON. stdout: the Variant list as JSON.
 */
import { readFile, writeFile } from "node:fs/promises";
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
for (const variant of encoded) await writeFile(join(input.filesDir, variant.file), variant.bytes);
process.stdout.write(JSON.stringify(encoded.map(({ bytes: _bytes, ...variant }) => variant)));
