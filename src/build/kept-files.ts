/**
 * Files kept between builds under a key (a hash of what they were made from): copied out on a
 * hit, copied in after a miss. Written under a temporary name of their own and renamed, so a
 * build running alongside, in this process or another, never reads half a file. Keeping is
 * best effort: a cache that cannot be written costs the next build time, not correctness.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { keepNewestEntries, temporaryEntryName } from "../lib/node.ts";

export interface KeptFiles {
  /** Copies the kept file to `to`; false when there is none. */
  restore(name: string, to: string): boolean;
  /** Keeps a copy of `from`. */
  keep(name: string, from: string): void;
  /**
   * Once the build has kept what it made: removes all but the newest `limit` files, and the
   * temporary files of builds that died while writing one. Nothing to do when it kept nothing.
   */
  prune(): Promise<void>;
}

export function keptFiles(
  dir: string,
  /** Files kept at most, the most recently kept or restored; unset keeps every one. */
  limit = Number.POSITIVE_INFINITY,
): KeptFiles {
  // Whether this build kept anything: a build that only restored left the folder as it was,
  // and pruning it anyway would stat every kept file at the end of every build.
  let added = false;
  return {
    restore(name, to) {
      const kept = join(dir, name);
      if (!existsSync(kept)) return false;
      try {
        copyFileSync(kept, to);
      } catch {
        // Removed meanwhile (another build pruned it): a miss.
        return false;
      }
      // Used now: pruning goes by modification time, and a file every build restores (an
      // asset whose code has not changed in months) must not be the first to go.
      try {
        const now = new Date();
        utimesSync(kept, now, now);
      } catch {
        // Pruned since the copy: the copy stands.
      }
      return true;
    },
    keep(name, from) {
      try {
        mkdirSync(dir, { recursive: true });
        const temporary = join(dir, temporaryEntryName(name));
        copyFileSync(from, temporary);
        renameSync(temporary, join(dir, name));
        added = true;
      } catch {
        // Disk full, or another build tidying the same folder: the next build makes it again.
      }
    },
    async prune() {
      if (!added) return;
      // Another build pruning the same folder at the same time: whatever it left, the next does.
      await keepNewestEntries(dir, "", limit).catch(() => {});
    },
  };
}
