import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { createCompressedCache } from "./compressed-cache.ts";
import { keptFiles } from "./kept-files.ts";

const work = registerTempFolder("hd-kept-files-");

describe("kept files", () => {
  it("miss, keep, then restore the same bytes elsewhere", () => {
    const kept = keptFiles(join(work(), "cache"));
    const made = join(work(), "made.txt");
    expect(kept.restore("a.txt", join(work(), "out.txt"))).toBe(false);
    writeFileSync(made, "the bytes");
    kept.keep("a.txt", made);
    expect(kept.restore("a.txt", join(work(), "out.txt"))).toBe(true);
    expect(readFileSync(join(work(), "out.txt"), "utf8")).toBe("the bytes");
    // No temporary file is left beside it.
    expect(readdirSync(join(work(), "cache"))).toEqual(["a.txt"]);
  });

  /** Keeps `names` in order, each a minute newer than the one before. */
  function keepAged(kept: ReturnType<typeof keptFiles>, dir: string, names: string[]) {
    const made = join(work(), "made.txt");
    writeFileSync(made, "x");
    for (const [index, name] of names.entries()) {
      kept.keep(name, made);
      // Older files get older times, whatever the file system's resolution.
      const seconds = Date.now() / 1000 - (names.length - index) * 60;
      utimesSync(join(dir, name), seconds, seconds);
    }
  }

  it("keeps the newest files only when given a limit, once pruned", async () => {
    const dir = join(work(), "cache");
    const kept = keptFiles(dir, 2);
    keepAged(kept, dir, ["one", "two", "three"]);
    expect(readdirSync(dir)).toHaveLength(3);
    await kept.prune();
    expect(readdirSync(dir).sort()).toEqual(["three", "two"]);
  });

  it("counts a restore as a use: a file every build restores is not pruned for its age", async () => {
    const dir = join(work(), "cache");
    const kept = keptFiles(dir, 2);
    keepAged(kept, dir, ["one", "two", "three"]);
    expect(kept.restore("one", join(work(), "out.txt"))).toBe(true);
    await kept.prune();
    expect(readdirSync(dir).sort()).toEqual(["one", "three"]);
  });

  it("removes the temporary files of a build that died an hour ago, and leaves a fresh one", async () => {
    const dir = join(work(), "cache");
    const kept = keptFiles(dir);
    keepAged(kept, dir, ["one"]);
    const abandoned = join(dir, ".two.dead.tmp");
    const writing = join(dir, ".three.live.tmp");
    writeFileSync(abandoned, "half");
    writeFileSync(writing, "half");
    const twoHoursAgo = Date.now() / 1000 - 7200;
    utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
    await kept.prune();
    expect(readdirSync(dir).sort()).toEqual([".three.live.tmp", "one"]);
  });

  it("prunes only after a build kept something: one that only restored leaves the folder alone", async () => {
    const dir = join(work(), "cache");
    keepAged(keptFiles(dir), dir, ["one", "two", "three"]);
    const restoring = keptFiles(dir, 1);
    expect(restoring.restore("two", join(work(), "out.txt"))).toBe(true);
    await restoring.prune();
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it("prunes a folder removed since without failing the build", async () => {
    const dir = join(work(), "cache");
    const kept = keptFiles(dir, 1);
    keepAged(kept, dir, ["one"]);
    rmSync(dir, { recursive: true });
    await expect(kept.prune()).resolves.toBeUndefined();
  });
});

describe("compressed copies", () => {
  it("copies a build's earlier siblings, and keeps only the most recently used", async () => {
    const dir = join(work(), "compressed");
    const cache = createCompressedCache(dir, 2);
    const levels = { brotli: 5, gzip: 5 };
    const asset = (name: string, text: string) => {
      const file = join(work(), name);
      const bytes = Buffer.from(text.repeat(200));
      writeFileSync(file, bytes);
      return { file, bytes };
    };
    const a = asset("a.js", "const a = 1;\n");
    cache.compress(a.file, a.bytes, levels);
    const first = readFileSync(`${a.file}.br`);
    rmSync(`${a.file}.br`);
    // The same bytes again: the sibling comes from the cache, the same bytes.
    cache.compress(a.file, a.bytes, levels);
    expect(readFileSync(`${a.file}.br`).equals(first)).toBe(true);
    expect(brotliDecompressSync(first).equals(a.bytes)).toBe(true);
    // A second asset's two copies push the first's out once pruned: two copies kept.
    const older = Date.now() / 1000 - 60;
    for (const name of readdirSync(dir)) utimesSync(join(dir, name), older, older);
    const b = asset("b.js", "const b = 2;\n");
    cache.compress(b.file, b.bytes, levels);
    await cache.prune();
    const left = readdirSync(dir).sort();
    expect(left).toHaveLength(2);
    // b's copies are what is left: compressing it again is a hit and keeps nothing new…
    cache.compress(b.file, b.bytes, levels);
    expect(readdirSync(dir).sort()).toEqual(left);
    // …while a's were pruned: made and kept again.
    cache.compress(a.file, a.bytes, levels);
    expect(readdirSync(dir)).toHaveLength(4);
  });
});
