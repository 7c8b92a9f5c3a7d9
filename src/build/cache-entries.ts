/**
 * A cache of folders by key that keeps its newest entries (bundle-cache.ts, build-code.ts).
 * An entry is written beside its final name and renamed into place, so a build never reads
 * half of one; two builds that miss at once both fill one, and the first to finish keeps its
 * entry. Saving never fails a build: what cannot be written is skipped.
 */
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { keepNewestEntries, temporaryEntryName } from "../lib/node.ts";

/**
 * Fills a new entry under `key` with `fill` (given the folder to write into), then removes all
 * but the newest `entriesKept`. True when the entry is there now, this build's or another's.
 */
export async function saveCacheEntry(
  cacheDir: string,
  key: string,
  entriesKept: number,
  fill: (dir: string) => Promise<void>,
): Promise<boolean> {
  const temporary = join(cacheDir, temporaryEntryName(key));
  try {
    await mkdir(temporary, { recursive: true });
    await fill(temporary);
    await rename(temporary, join(cacheDir, key));
  } catch {
    // Another build saved this key first (the rename found a folder), or the disk is full:
    // the cache is an optimisation, the build goes on without it.
    await rm(temporary, { recursive: true, force: true });
    return (await stat(join(cacheDir, key)).catch(() => null))?.isDirectory() === true;
  }
  // Tidying is best effort too: another build may be pruning the same folder.
  await keepNewestEntries(cacheDir, key, entriesKept).catch(() => {});
  return true;
}
