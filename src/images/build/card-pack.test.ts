import { randomBytes } from "node:crypto";
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../../tests/unit/temp-folder.ts";
import {
  joinPacksIfMany,
  MAX_PACKS,
  PACK_AT_LEAST,
  packedCardNames,
  placeCards,
  readPackIndexes,
  startPack,
} from "./card-pack.ts";

const work = registerTempFolder("hd-card-pack-", "all");

/** A cache of `count` cards named from `first` on, each about `bytes` random bytes. */
function cacheWith(dir: string, count: number, first = 0, bytes = 200): string[] {
  mkdirSync(dir, { recursive: true });
  return Array.from({ length: count }, (_, i) => {
    const name = `${String(first + i).padStart(16, "0")}.png`;
    writeFileSync(join(dir, name), randomBytes(bytes + ((first + i) % 97)));
    return name;
  });
}

/** A case's folders: the cache's cards and packs, and a fresh output for each placement. */
function setUp(name: string) {
  const root = join(work(), name);
  const cardsDir = join(root, "og");
  const packsDir = join(root, "og-packs");
  let outputs = 0;
  const place = (names: readonly string[], outDir = join(root, `out-${++outputs}`)) => {
    mkdirSync(outDir, { recursive: true });
    return placeCards({ names, cardsDir, packsDir, outDir }).then((placement) => ({
      placement,
      outDir,
    }));
  };
  const packs = () => {
    try {
      return readdirSync(packsDir).filter((file) => file.endsWith(".pack"));
    } catch {
      return [];
    }
  };
  return { cardsDir, packsDir, place, packs };
}

function expectSameCards(names: readonly string[], cardsDir: string, outDir: string) {
  for (const name of names) {
    expect(readFileSync(join(outDir, name)).equals(readFileSync(join(cardsDir, name)))).toBe(true);
  }
  expect(readdirSync(outDir).sort()).toEqual([...names].sort());
}

describe("placing cached Open Graph cards by copying", () => {
  it("copies a few cards from their files and packs none", async () => {
    const { cardsDir, place, packs } = setUp("few");
    const names = cacheWith(cardsDir, 10);
    const { placement, outDir } = await place(names);
    expect(placement).toEqual({ fromPacks: 0, copied: 10, packed: 0 });
    expectSameCards(names, cardsDir, outDir);
    expect(packs()).toEqual([]);
  });

  it("packs the cards of a build that copies many, and the next build writes them from the pack", async () => {
    const { cardsDir, place, packs } = setUp("many");
    const names = cacheWith(cardsDir, PACK_AT_LEAST + 44);
    const first = await place(names);
    expect(first.placement).toEqual({ fromPacks: 0, copied: names.length, packed: names.length });
    expectSameCards(names, cardsDir, first.outDir);
    expect(packs()).toHaveLength(1);

    const second = await place(names);
    expect(second.placement).toEqual({ fromPacks: names.length, copied: 0, packed: 0 });
    expectSameCards(names, cardsDir, second.outDir);

    // Some of them only, as a smaller build needs: from the same pack.
    const some = names.filter((_, i) => i % 3 === 0);
    const third = await place(some);
    expect(third.placement).toEqual({ fromPacks: some.length, copied: 0, packed: 0 });
    expectSameCards(some, cardsDir, third.outDir);
  });

  it("reads a pack many times its read size piece by piece, every card whole", async () => {
    const { cardsDir, place } = setUp("large");
    // 10 MB of cards of 40 KB: three pieces of at most 4 MB, two of them in the same buffer.
    const names = cacheWith(cardsDir, PACK_AT_LEAST, 0, 40_000);
    await place(names);
    const { placement, outDir } = await place(names);
    expect(placement).toEqual({ fromPacks: names.length, copied: 0, packed: 0 });
    expectSameCards(names, cardsDir, outDir);
  });

  it("copies the cards no pack holds from their files", async () => {
    const { cardsDir, place } = setUp("new-cards");
    const names = cacheWith(cardsDir, PACK_AT_LEAST);
    await place(names);
    const added = cacheWith(cardsDir, 5, PACK_AT_LEAST);
    const { placement, outDir } = await place([...names, ...added]);
    expect(placement).toEqual({ fromPacks: names.length, copied: 5, packed: 0 });
    expectSameCards([...names, ...added], cardsDir, outDir);
  });

  it("copies from their files the cards of a pack that is cut short or gone", async () => {
    const { cardsDir, packsDir, place, packs } = setUp("damaged");
    const names = cacheWith(cardsDir, PACK_AT_LEAST + 10);
    await place(names);
    const [pack] = packs() as [string];
    const packFile = join(packsDir, pack);
    truncateSync(packFile, Math.floor(statSync(packFile).size / 2));

    const cut = await place(names);
    expect(cut.placement.fromPacks).toBeGreaterThan(0);
    expect(cut.placement.fromPacks).toBeLessThan(names.length);
    expect(cut.placement.fromPacks + cut.placement.copied).toBe(names.length);
    expectSameCards(names, cardsDir, cut.outDir);
    // Not looked in again: the next build copies every card, and packs them anew.
    expect(packs()).toEqual([]);

    const again = await place(names);
    expect(again.placement).toEqual({ fromPacks: 0, copied: names.length, packed: names.length });
    expect(packs()).toHaveLength(1);

    // Its index is read, its bytes are gone: every card from its file.
    for (const file of packs()) writeFileSync(join(packsDir, file), "");
    const gone = await place(names);
    expect(gone.placement.fromPacks).toBe(0);
    expect(gone.placement.copied).toBe(names.length);
    expectSameCards(names, cardsDir, gone.outDir);
  });

  it("ignores an index it cannot read and a pack still being written", async () => {
    const { cardsDir, packsDir, place, packs } = setUp("unreadable");
    const names = cacheWith(cardsDir, 20);
    mkdirSync(packsDir, { recursive: true });
    writeFileSync(join(packsDir, "broken.json"), "{not json");
    writeFileSync(
      join(packsDir, "odd.json"),
      JSON.stringify({ cards: { [names[2] as string]: 7, [names[3] as string]: ["0", 10] } }),
    );
    writeFileSync(join(packsDir, "broken.pack"), readFileSync(join(cardsDir, names[0] as string)));
    writeFileSync(
      join(packsDir, ".unfinished.json"),
      JSON.stringify({ cards: { [names[1] as string]: [0, 10] } }),
    );
    writeFileSync(join(packsDir, ".unfinished.pack"), "0123456789");
    const { placement, outDir } = await place(names);
    expect(placement).toEqual({ fromPacks: 0, copied: 20, packed: 0 });
    expectSameCards(names, cardsDir, outDir);
    // Below PACK_AT_LEAST: nothing written, nothing of the others' removed.
    expect(packs().sort()).toEqual([".unfinished.pack", "broken.pack"]);
  });

  it("leaves a card already in the output as it is", async () => {
    const { cardsDir, place } = setUp("already-there");
    const names = cacheWith(cardsDir, PACK_AT_LEAST);
    await place(names);
    const outDir = join(work(), "already-there", "out-kept");
    mkdirSync(outDir, { recursive: true });
    // As a build whose output could link left it: the output's card is the cache's file.
    const [linked, copied] = names as [string, string];
    linkSync(join(cardsDir, linked), join(outDir, linked));
    writeFileSync(join(outDir, copied), readFileSync(join(cardsDir, copied)));
    const past = new Date("2026-01-01T00:00:00Z");
    utimesSync(join(outDir, linked), past, past);
    utimesSync(join(outDir, copied), past, past);

    const { placement } = await place(names, outDir);
    expect(placement.fromPacks).toBe(names.length);
    expect(statSync(join(outDir, linked)).mtime).toEqual(past);
    expect(statSync(join(outDir, copied)).mtime).toEqual(past);
    expect(statSync(join(outDir, linked)).nlink).toBe(2);
    expectSameCards(names, cardsDir, outDir);
  });

  it("removes what a build killed while packing left, once it is an hour old", async () => {
    const { cardsDir, packsDir, place, packs } = setUp("killed");
    mkdirSync(packsDir, { recursive: true });
    writeFileSync(join(packsDir, ".killed.pack"), "half a pack");
    writeFileSync(join(packsDir, ".running.pack"), "a pack being written now");
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(packsDir, ".killed.pack"), hoursAgo, hoursAgo);
    await place(cacheWith(cardsDir, PACK_AT_LEAST));
    expect(packs().filter((file) => file.startsWith("."))).toEqual([".running.pack"]);
    expect(packs()).toHaveLength(2);
  });

  it("joins the packs into one when there are more than MAX_PACKS", async () => {
    const { cardsDir, place, packs } = setUp("join");
    const sets = Array.from({ length: MAX_PACKS + 1 }, (_, i) =>
      cacheWith(cardsDir, PACK_AT_LEAST, i * PACK_AT_LEAST),
    );
    for (const [i, names] of sets.entries()) {
      const { placement } = await place(names);
      expect(placement.copied).toBe(PACK_AT_LEAST);
      expect(packs()).toHaveLength(i < MAX_PACKS ? i + 1 : 1);
      if (i === MAX_PACKS) expect(placement.packed).toBe(PACK_AT_LEAST * (MAX_PACKS + 1));
    }
    const all = sets.flat();
    const { placement, outDir } = await place(all);
    expect(placement).toEqual({ fromPacks: all.length, copied: 0, packed: 0 });
    expectSameCards(all, cardsDir, outDir);
  });

  it("finds the cards of a pack joined meanwhile in the pack that took them in", async () => {
    const { cardsDir, packsDir, place, packs } = setUp("joined-meanwhile");
    const names = cacheWith(cardsDir, PACK_AT_LEAST);
    await place(names);
    // Read by this build, then joined by another one sharing the cache, with no file of
    // their own left (as cards drawn straight into an output have none).
    const read = readPackIndexes(packsDir);
    const bytes = new Map(names.map((name) => [name, readFileSync(join(cardsDir, name))]));
    for (const name of names) rmSync(join(cardsDir, name));
    const other = startPack(packsDir);
    for (const [name, card] of bytes) other?.add(name, card);
    other?.finish([...read.keys()]);
    expect(packs()).toHaveLength(1);

    const outDir = join(work(), "joined-meanwhile", "out");
    mkdirSync(outDir);
    const placement = await placeCards({ names, cardsDir, packsDir, outDir, packs: read });
    expect(placement).toEqual({ fromPacks: names.length, copied: 0, packed: 0 });
    for (const [name, card] of bytes)
      expect(readFileSync(join(outDir, name)).equals(card)).toBe(true);
  });

  it("names the cards that are in neither the folder nor a pack", async () => {
    const { cardsDir, packsDir } = setUp("nowhere");
    const names = cacheWith(cardsDir, 3);
    rmSync(join(cardsDir, names[1] as string));
    const outDir = join(work(), "nowhere", "out");
    mkdirSync(outDir);
    await expect(placeCards({ names, cardsDir, packsDir, outDir })).rejects.toThrow(
      `Open Graph cards missing from the cache (${cardsDir} and its packs): ${names[1]}. Build again to draw them.`,
    );
  });
});

describe("packs written by the children that draw cards", () => {
  /** `count` packs of `size` cards each, written as og-child.ts writes them. */
  function childPacks(packsDir: string, count: number, size: number): Map<string, Buffer> {
    const cards = new Map<string, Buffer>();
    for (let i = 0; i < count; i++) {
      const pack = startPack(packsDir);
      for (let j = 0; j < size; j++) {
        const name = `${String(i * size + j).padStart(16, "0")}.png`;
        const bytes = randomBytes(100 + j);
        cards.set(name, bytes);
        pack?.add(name, bytes);
      }
      pack?.finish([]);
    }
    return cards;
  }

  it("are left as they are up to MAX_PACKS", async () => {
    const { packsDir, packs } = setUp("children-few");
    childPacks(packsDir, MAX_PACKS, 3);
    expect(await joinPacksIfMany(packsDir)).toBe(0);
    expect(packs()).toHaveLength(MAX_PACKS);
  });

  it("are joined into one, each card once, when there are more", async () => {
    const { cardsDir, packsDir, packs } = setUp("children-many");
    const cards = childPacks(packsDir, MAX_PACKS + 1, 3);
    expect(await joinPacksIfMany(packsDir)).toBe(cards.size);
    expect(packs()).toHaveLength(1);
    expect(packedCardNames(readPackIndexes(packsDir))).toEqual(new Set(cards.keys()));
    const outDir = join(work(), "children-many", "out");
    mkdirSync(outDir);
    const names = [...cards.keys()];
    const placement = await placeCards({ names, cardsDir, packsDir, outDir });
    expect(placement).toEqual({ fromPacks: cards.size, copied: 0, packed: 0 });
    for (const [name, bytes] of cards)
      expect(readFileSync(join(outDir, name)).equals(bytes)).toBe(true);
  });
});
