/**
 * Open Graph cards for an output that a hard link from the cache cannot reach (the cache on the
 * disk, the output on a tmpfs): many new ones are drawn straight into the output and packed for
 * the next build, which writes them from the packs; few are drawn into the cache's folder and
 * copied. An output on the cache's disk links them all, the packed ones unpacked once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registerTempFolder } from "../../../tests/unit/temp-folder.ts";
import { PACK_AT_LEAST, packedCardNames, readPackIndexes } from "./card-pack.ts";
import { cardCacheDirs } from "./og-encoding.ts";
import { createImagePipeline } from "./pipeline.ts";

const work = registerTempFolder("hd-cards-across-");
const outputs: string[] = [];
afterAll(() => {
  for (const dir of outputs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh output folder on the tmpfs. */
function tmpfsOutput(): string {
  const dir = mkdtempSync("/dev/shm/hd-cards-across-");
  outputs.push(dir);
  return dir;
}

const card = (title: string) => ({
  title,
  section: "Blog",
  siteName: "Harbor Desk",
  host: "harbordesk.example",
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("Open Graph cards across file systems", () => {
  it("are drawn straight into the output and packed when there are many, and the next builds write them from the packs", async () => {
    const cacheDir = join(work(), "cache");
    const { cards: cardsDir, packs: packsDir } = cardCacheDirs(cacheDir);
    const titles = Array.from({ length: PACK_AT_LEAST }, (_, i) => `Routing rule ${i + 1}`);
    const first = { outDir: tmpfsOutput(), cacheDir, imagesDir: join(work(), "images") };
    expect(statSync(first.outDir).dev).not.toBe(statSync(work()).dev);

    const drawing = createImagePipeline(first);
    const drawn = drawing.ogImages(titles.map(card));
    await drawn.written;
    expect(drawing.report).toMatchObject({
      ogRendered: PACK_AT_LEAST,
      ogCopied: 0,
      ogFromPacks: 0,
    });
    const names = drawn.paths.map((path) => path.split("/").pop() as string);
    const cardsOut = (outDir: string) => join(outDir, "assets", "og");
    const firstCards = new Map(
      names.map((name) => [name, readFileSync(join(cardsOut(first.outDir), name))]),
    );
    for (const [name, bytes] of firstCards) {
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), name).toBe(true);
    }
    // Compared with Buffer.equals: toEqual walks 256 cards' bytes one by one for seconds.
    const expectFirstCardsIn = (outDir: string) => {
      for (const [name, bytes] of firstCards) {
        expect(readFileSync(join(cardsOut(outDir), name)).equals(bytes), name).toBe(true);
      }
    };
    // No card file of its own in the cache, no file half written in the output: the packs
    // hold every card, one pack per child.
    expect(readdirSync(cardsDir).filter((file) => file.endsWith(".png"))).toEqual([]);
    expect(readdirSync(cardsOut(first.outDir)).sort()).toEqual([...names].sort());
    expect(packedCardNames(readPackIndexes(packsDir))).toEqual(new Set(names));
    expect(readPackIndexes(packsDir).size).toBe(2);

    // The next build, into another tmpfs output, with one more card: drawn into the cache's
    // folder (too few to pack) and copied; the others written from the packs.
    const second = { ...first, outDir: tmpfsOutput() };
    const placing = createImagePipeline(second);
    const added = placing.ogImages([...titles, "Queue health"].map(card));
    await added.written;
    expect(placing.report).toMatchObject({
      ogRendered: 1,
      ogReused: PACK_AT_LEAST,
      ogFromPacks: PACK_AT_LEAST,
      ogCopied: 1,
    });
    expectFirstCardsIn(second.outDir);
    const newName = added.paths.at(-1)?.split("/").pop() as string;
    expect(readdirSync(cardsDir).filter((file) => file.endsWith(".png"))).toEqual([newName]);

    // An output on the cache's own disk links every card: the packed ones are unpacked into
    // files of their own first, once.
    const linkedIn = (outDir: string) => {
      for (const name of [...names, newName]) {
        const linked = statSync(join(cardsOut(outDir), name)).ino;
        expect(linked, name).toBe(statSync(join(cardsDir, name)).ino);
      }
    };
    const onDisk = { ...first, outDir: join(work(), "out-on-disk") };
    const unpacking = createImagePipeline(onDisk);
    await unpacking.ogImages([...titles, "Queue health"].map(card)).written;
    expect(unpacking.report).toMatchObject({
      ogRendered: 0,
      ogFromPacks: PACK_AT_LEAST,
      ogCopied: 0,
    });
    expectFirstCardsIn(onDisk.outDir);
    linkedIn(onDisk.outDir);
    const again = { ...first, outDir: join(work(), "out-on-disk-again") };
    const linking = createImagePipeline(again);
    await linking.ogImages([...titles, "Queue health"].map(card)).written;
    expect(linking.report).toMatchObject({ ogRendered: 0, ogFromPacks: 0, ogCopied: 0 });
    linkedIn(again.outDir);
  });
});
