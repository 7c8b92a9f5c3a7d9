/**
 * Vite's bundles kept by the code they were built from. The bundles depend on the code only
 * (Tailwind scans src/, never the content), so a build whose code was built before, into any
 * output folder, copies them instead of running Vite: a content-only change, the marketing
 * team's usual deploy, skips 3-6 s of bundling that competed with loading the content for
 * the machine's two cores.
 *
 * An entry is written beside its final name and renamed into place, so a build never reads
 * half of one; two builds that miss at once both bundle, and the first to finish keeps its
 * entry. The newest entries are kept, the rest removed. The cache never fails a build: what it
 * cannot read is a miss, what it cannot write is skipped.
 */
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ViteManifest } from "./bundles.ts";

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
      await mkdir(cacheDir, { recursive: true });
      const temporary = join(cacheDir, `.${key}.${randomUUID()}`);
      try {
        await cp(clientDir, join(temporary, "client"), { recursive: true });
        await cp(ssrDir, join(temporary, "ssr"), { recursive: true });
        // Last: an entry with a manifest is complete.
        await writeFile(join(temporary, MANIFEST_FILE), JSON.stringify(manifest));
        await rename(temporary, entryDir);
      } catch {
        // Another build saved this key first (the rename found a folder), or the disk is
        // full: the cache is an optimisation, the build goes on without it.
        await rm(temporary, { recursive: true, force: true });
        return;
      }
      // Tidying is best effort too: another build may be pruning the same folder.
      await prune(cacheDir, key).catch(() => {});
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

/** Removes all but the newest entries (and any a crashed build left half-written). */
async function prune(cacheDir: string, keep: string): Promise<void> {
  const entries = await Promise.all(
    (await readdir(cacheDir)).map(async (name) => ({
      name,
      mtime: (await stat(join(cacheDir, name)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  const finished = entries
    .filter((entry) => !entry.name.startsWith("."))
    .sort((a, b) => b.mtime - a.mtime);
  const stale = finished.slice(BUNDLE_CACHE_ENTRIES).filter((entry) => entry.name !== keep);
  // A half-written entry older than an hour belongs to a build that died.
  const abandoned = entries.filter(
    (entry) => entry.name.startsWith(".") && Date.now() - entry.mtime > 3_600_000,
  );
  await Promise.all(
    [...stale, ...abandoned].map((entry) =>
      rm(join(cacheDir, entry.name), { recursive: true, force: true }),
    ),
  );
}
