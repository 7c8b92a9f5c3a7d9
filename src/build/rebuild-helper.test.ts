/**
 * The rebuild helper on its own thread (rebuild-helper.ts): which kept routes lost a file, the
 * search index it writes from the kept entries and the rendered pages', and what happens when
 * the entries are damaged or the cache folder cannot be written.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { SEARCH_DIR } from "../search/index.ts";
import { routeFiles } from "./output-record.ts";
import { startRebuildHelper } from "./rebuild-helper.ts";
import { createSearchIndex, loadEntries, type SearchEntry, saveEntries } from "./search-index.ts";

const work = registerTempFolder("hd-rebuild-helper-");

const entry = (title: string, ...terms: (string | number)[]): SearchEntry => ({
  title,
  length: terms.length / 2,
  terms,
});
const KEPT = new Map<string, SearchEntry>([
  ["/", entry("Harbor Desk", "desk", 1, "help", 2)],
  ["/pricing/", entry("Pricing", "plans", 1)],
  ["/blog/post/", entry("A post", "queue", 3)],
]);

/** An output folder holding both files of each path, and a cache folder with KEPT saved. */
function lastBuild(paths: string[]): { outDir: string; cacheDir: string } {
  const outDir = join(work(), "public");
  const cacheDir = join(work(), "cache");
  for (const path of paths) {
    for (const file of routeFiles(path)) {
      mkdirSync(dirname(join(outDir, file)), { recursive: true });
      writeFileSync(join(outDir, file), "kept");
    }
  }
  saveEntries(cacheDir, KEPT);
  return { outDir, cacheDir };
}

describe("the rebuild helper", () => {
  it("names the kept routes whose HTML or page data is gone", async () => {
    const paths = [...KEPT.keys()];
    const { outDir, cacheDir } = lastBuild(paths);
    const [html] = routeFiles("/pricing/");
    const [, pageData] = routeFiles("/blog/post/");
    for (const file of [html, pageData]) rmSync(join(outDir, file as string));
    const helper = startRebuildHelper({ outDir, cacheDir, previousPaths: paths, searching: true });
    try {
      expect([...(await helper.missing)].sort()).toEqual(["/blog/post/", "/pricing/"]);
    } finally {
      await helper.close();
    }
  });

  it("writes the index a full build writes, from the kept entries and the rendered pages'", async () => {
    const paths = [...KEPT.keys(), "/new/"];
    const { outDir, cacheDir } = lastBuild([...KEPT.keys()]);
    const changes = new Map<string, SearchEntry | null>([
      ["/pricing/", entry("Pricing plans", "plans", 2, "seats", 1)],
      ["/blog/post/", null],
      ["/new/", entry("New", "staffing", 1)],
    ]);
    const helper = startRebuildHelper({
      outDir,
      cacheDir,
      previousPaths: [...KEPT.keys()],
      searching: true,
    });
    try {
      expect((await helper.missing).size).toBe(0);
      for (const [path, changed] of changes) helper.search.set(path, changed);
      const written = helper.search.finish(paths);
      expect(await written.filesWritten).toBeGreaterThan(0);
      await written.saved;
    } finally {
      await helper.close();
    }
    // The same entries indexed in this thread, into another folder, give the same manifest.
    const expected = createSearchIndex(KEPT);
    for (const [path, changed] of changes) expected.set(path, changed);
    const fullDir = join(work(), "full");
    expected.write(fullDir, paths);
    const manifest = (dir: string) => readFileSync(join(dir, SEARCH_DIR, "index.json"), "utf8");
    expect(manifest(outDir)).toBe(manifest(fullDir));
    // The next rebuild starts from these entries.
    expect(loadEntries(cacheDir)).toEqual(expected.entries());
  });

  it("asks for every kept route again when the kept entries cannot be read", async () => {
    const paths = [...KEPT.keys()];
    const { outDir, cacheDir } = lastBuild(paths);
    writeFileSync(join(cacheDir, "search-entries.json"), '[["/", {"title"');
    const helper = startRebuildHelper({ outDir, cacheDir, previousPaths: paths, searching: true });
    try {
      expect([...(await helper.missing)].sort()).toEqual([...paths].sort());
    } finally {
      await helper.close();
    }
  });

  it("fails the save, not hangs, when the cache folder cannot be written", async () => {
    const paths = [...KEPT.keys()];
    const { outDir } = lastBuild(paths);
    // A file where the cache folder should be: nothing can be read from it or saved into it.
    const cacheDir = join(work(), "not-a-folder");
    writeFileSync(cacheDir, "");
    const helper = startRebuildHelper({ outDir, cacheDir, previousPaths: paths, searching: true });
    try {
      const written = helper.search.finish(paths);
      await expect(written.saved).rejects.toThrow(/EEXIST|ENOTDIR/);
    } finally {
      await helper.close();
    }
  });
});
