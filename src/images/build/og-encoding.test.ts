import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cardCacheDirs, ENCODING_MARKER, retireOtherEncodings } from "./og-encoding.ts";

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** A cache with a card and a pack, its cards' folder marked with `encoding` (none: unmarked). */
async function cacheWith(encoding: string | null) {
  const root = await mkdtemp(join(tmpdir(), "hd-og-encoding-"));
  roots.push(root);
  const { cards, packs } = cardCacheDirs(root);
  await mkdir(cards, { recursive: true });
  await mkdir(packs, { recursive: true });
  await writeFile(join(cards, "0123456789abcdef.png"), "a card");
  await writeFile(join(packs, "pack-1.pack"), "cards");
  if (encoding !== null) await writeFile(join(cards, ENCODING_MARKER), encoding);
  return { root, cards, packs };
}

describe("retiring the cards of another encoding", () => {
  it("keeps the cards and packs of this encoding", async () => {
    const { root, cards, packs } = await cacheWith("2|og-raster|16|5");
    await retireOtherEncodings(root, "2|og-raster|16|5");
    expect((await readdir(cards)).sort()).toEqual([ENCODING_MARKER, "0123456789abcdef.png"]);
    expect(await readdir(packs)).toEqual(["pack-1.pack"]);
  });

  it("deletes the cards and packs of another encoding, or of none, and marks the new folder", async () => {
    for (const old of ["2|{palette:true}", null]) {
      const { root, cards, packs } = await cacheWith(old);
      await retireOtherEncodings(root, "2|og-raster|16|5");
      expect(await readdir(cards)).toEqual([ENCODING_MARKER]);
      expect(await readFile(join(cards, ENCODING_MARKER), "utf8")).toBe("2|og-raster|16|5");
      expect(existsSync(packs)).toBe(false);
      // Nothing set aside is left behind once it answers.
      expect((await readdir(root)).sort()).toEqual(["og"]);
    }
  });

  it("finishes deleting what an earlier build set aside, and starts a cache that is not there", async () => {
    const { root } = await cacheWith("2|og-raster|16|5");
    await mkdir(join(root, "og.retired-1234"), { recursive: true });
    await writeFile(join(root, "og.retired-1234", "old.png"), "old");
    await mkdir(join(root, "og-packs.retired-5678"));
    await retireOtherEncodings(root, "2|og-raster|16|5");
    expect((await readdir(root)).sort()).toEqual(["og", "og-packs"]);

    const fresh = join(root, "fresh", "images");
    await retireOtherEncodings(fresh, "2|og-raster|16|5");
    expect(await readdir(cardCacheDirs(fresh).cards)).toEqual([ENCODING_MARKER]);
  });
});
