/**
 * Vite's bundles kept by the code they were built from. The bundles depend on the code only
 * (Tailwind scans src/, never the content), so a build whose code was built before, into any
 * output folder, copies them instead of running Vite: a content-only change, the marketing
 * team's usual deploy, skips 3-6 s of bundling that competed with loading the content for
 * the machine's two cores.
 *
 * Entries are saved whole and the newest kept (cache-entries.ts). The cache never fails a
 * build: what it cannot read is a miss, what it cannot write is skipped.
 */
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { cp, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ViteManifest } from "./bundles.ts";
import { saveCacheEntry } from "./cache-entries.ts";

const MANIFEST_FILE = "manifest.json";
/** Entries kept: the current code and a couple of recent ones (a branch switch and back). */
export const BUNDLE_CACHE_ENTRIES = 3;

export interface BundleCache {
  /**
   * Copies the entry's bundles into `clientDir` and `ssrDir`: its manifest, or null on a miss.
   * Synchronous (a hundred small files, 20 ms): done asynchronously, its copies waited for the
   * build's thread to finish loading the content, which holds it, and the render workers could
   * only start importing the server bundle 1.9 s into a 10,000-post build instead of at once.
   */
  restore(clientDir: string, ssrDir: string): ViteManifest | null;
  /** Keeps freshly built bundles under the key (the first of two racing builds wins). */
  save(clientDir: string, ssrDir: string, manifest: ViteManifest): Promise<void>;
}

export function createBundleCache(cacheDir: string, key: string): BundleCache {
  const entryDir = join(cacheDir, key);
  return {
    restore(clientDir, ssrDir) {
      let manifest: ViteManifest;
      try {
        manifest = JSON.parse(readFileSync(join(entryDir, MANIFEST_FILE), "utf8"));
      } catch {
        return null;
      }
      // An entry that lost files (a cache restored in part by CI, a hand that tidied up) is
      // no entry: the build bundles again and keeps a whole one.
      if (!filesOf(manifest).every((file) => existsSync(join(entryDir, "client", file)))) {
        rmSync(entryDir, { recursive: true, force: true });
        return null;
      }
      try {
        for (const [from, to] of [
          [join(entryDir, "client"), clientDir],
          [join(entryDir, "ssr"), ssrDir],
        ] as const) {
          rmSync(to, { recursive: true, force: true });
          cpSync(from, to, { recursive: true });
        }
      } catch {
        // Unreadable or removed meanwhile: a miss. Vite empties both folders before it writes.
        return null;
      }
      return manifest;
    },

    async save(clientDir, ssrDir, manifest) {
      await saveCacheEntry(cacheDir, key, BUNDLE_CACHE_ENTRIES, async (entry) => {
        await cp(clientDir, join(entry, "client"), { recursive: true });
        await cp(ssrDir, join(entry, "ssr"), { recursive: true });
        // Last: an entry with a manifest is complete.
        await writeFile(join(entry, MANIFEST_FILE), JSON.stringify(manifest));
      });
    },
  };
}

/** Every file Vite's manifest names: chunks, stylesheets, assets. */
function filesOf(manifest: ViteManifest): string[] {
  return Object.values(manifest).flatMap((chunk) => [
    chunk.file,
    ...(chunk.css ?? []),
    ...(chunk.assets ?? []),
  ]);
}
