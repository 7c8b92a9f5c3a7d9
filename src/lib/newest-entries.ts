/**
 * A folder of cache entries (files or folders) that keeps only its newest few. Entries whose
 * names start with "." are ones being written (a temporary name, renamed in when whole): they
 * are left alone, unless older than an hour, when they belong to a process that died.
 */
import { randomUUID } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

const ABANDONED_AFTER_MS = 3_600_000;

/**
 * A name to write entry `name` under before renaming it in whole: hidden, so that
 * keepNewestEntries counts it as being written, and unique, so that two builds writing the
 * same entry at once never share one.
 */
export function temporaryEntryName(name: string): string {
  return `.${name}.${randomUUID()}.tmp`;
}

/** Removes all but the newest `entriesKept` entries of `dir` (never `keep`), and abandoned ones. */
export async function keepNewestEntries(
  dir: string,
  keep: string,
  entriesKept: number,
): Promise<void> {
  const entries = await Promise.all(
    (await readdir(dir)).map(async (name) => ({
      name,
      mtime: (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  const finished = entries
    .filter((entry) => !entry.name.startsWith("."))
    .sort((a, b) => b.mtime - a.mtime);
  const stale = finished.slice(entriesKept).filter((entry) => entry.name !== keep);
  const abandoned = entries.filter(
    (entry) => entry.name.startsWith(".") && Date.now() - entry.mtime > ABANDONED_AFTER_MS,
  );
  await Promise.all(
    [...stale, ...abandoned].map((entry) =>
      rm(join(dir, entry.name), { recursive: true, force: true }),
    ),
  );
}
