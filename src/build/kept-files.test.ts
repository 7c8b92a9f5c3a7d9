import { readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keptFiles } from "./kept-files.ts";

let work: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), "hd-kept-files-"));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("kept files", () => {
  it("miss, keep, then restore the same bytes elsewhere", () => {
    const kept = keptFiles(join(work, "cache"));
    const made = join(work, "made.txt");
    expect(kept.restore("a.txt", join(work, "out.txt"))).toBe(false);
    writeFileSync(made, "the bytes");
    kept.keep("a.txt", made);
    expect(kept.restore("a.txt", join(work, "out.txt"))).toBe(true);
    expect(readFileSync(join(work, "out.txt"), "utf8")).toBe("the bytes");
    // No temporary file is left beside it.
    expect(readdirSync(join(work, "cache"))).toEqual(["a.txt"]);
  });

  it("keeps the newest files only when given a limit", () => {
    const dir = join(work, "cache");
    const kept = keptFiles(dir, 2);
    const made = join(work, "made.txt");
    writeFileSync(made, "x");
    for (const [index, name] of ["one", "two", "three"].entries()) {
      kept.keep(name, made);
      // Older files get older times, whatever the file system's resolution.
      const seconds = Date.now() / 1000 - (3 - index) * 60;
      utimesSync(join(dir, name), seconds, seconds);
    }
    expect(readdirSync(dir).sort()).toEqual(["three", "two"]);
  });
});
