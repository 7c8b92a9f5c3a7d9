/**
 * A cache file written whole or not at all: beside its final name under a hidden temporary one,
 * then renamed over it, so a build reading it meanwhile, or one that dies while writing, never
 * sees half a file. The temporary name is temporaryEntryName's, so that a folder pruned by
 * keepNewestEntries counts it as being written, not as an entry.
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { temporaryEntryName } from "./newest-entries.ts";

export async function writeFileWhole(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = join(dirname(file), temporaryEntryName(basename(file)));
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
