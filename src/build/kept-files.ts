/**
 * Files kept between builds under a key (a hash of what they were made from): copied out on a
 * hit, copied in after a miss. Written under a temporary name of their own and renamed, so a
 * build running alongside, in this process or another, never reads half a file. Keeping is
 * best effort: a cache that cannot be written costs the next build time, not correctness.
 */
import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join } from "node:path";

export interface KeptFiles {
  /** Copies the kept file to `to`; false when there is none. */
  restore(name: string, to: string): boolean;
  /** Keeps a copy of `from`. */
  keep(name: string, from: string): void;
}

export function keptFiles(
  dir: string,
  /** Files kept at most, the newest; unset keeps every one. */
  limit?: number,
): KeptFiles {
  return {
    restore(name, to) {
      const kept = join(dir, name);
      if (!existsSync(kept)) return false;
      try {
        copyFileSync(kept, to);
        return true;
      } catch {
        // Removed meanwhile (another build pruned it): a miss.
        return false;
      }
    },
    keep(name, from) {
      try {
        mkdirSync(dir, { recursive: true });
        const temporary = join(dir, `.${name}.${randomUUID()}.tmp`);
        copyFileSync(from, temporary);
        renameSync(temporary, join(dir, name));
        if (limit !== undefined) prune(dir, limit);
      } catch {
        // Disk full, or another build tidying the same folder: the next build makes it again.
      }
    },
  };
}

function prune(dir: string, limit: number): void {
  const files = readdirSync(dir)
    .filter((name) => !name.startsWith("."))
    .map((name) => ({ name, mtime: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of files.slice(limit)) rmSync(join(dir, name), { force: true });
}
