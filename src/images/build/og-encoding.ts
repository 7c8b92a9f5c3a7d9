/**
 * Retires the cached Open Graph cards of another encoding. A card's file name hashes its
 * encoding with its SVG (pipeline.ts), so when the encoding changes (the drawing code, the
 * palette, PIPELINE_VERSION) no build names the old cards again: a 10,000-post cache would keep
 * about 270 MB of them (cards and packs) for good. The cards' folder holds a marker naming its
 * encoding; a build that finds another one, or none (a cache from before the marker), moves
 * the cards and their packs aside and deletes them, and starts an empty folder under its own.
 * A deletion cut short (the process killed) is finished by the next build.
 *
 * Two versions of the code with different encodings that share one cache take turns at it:
 * each draws every card again after the other ran. Encodings change rarely.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";

/** The file in the cards' folder that names their encoding. */
export const ENCODING_MARKER = ".encoding";

/** The folders of a card cache: the cards, and their packs (card-pack.ts). */
export function cardCacheDirs(cacheDir: string) {
  return { cards: join(cacheDir, "og"), packs: join(cacheDir, "og-packs") };
}

const RETIRED = /^og(-packs)?\.retired-/;

/**
 * Makes `cacheDir`'s card folder hold cards of `encoding` only (see above) before it answers,
 * and answers once the retired folders are deleted. A cache it cannot use (a file where the
 * folder should be) rejects, and does not throw: the build names its cards all the same.
 */
export async function retireOtherEncodings(cacheDir: string, encoding: string): Promise<void> {
  const { cards, packs } = cardCacheDirs(cacheDir);
  const retired = leftovers(cacheDir);
  if (markedEncoding(cards) !== encoding) {
    for (const dir of [cards, packs]) {
      const aside = `${dir}.retired-${randomUUID()}`;
      try {
        renameSync(dir, aside);
        retired.push(aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    mkdirSync(cards, { recursive: true });
    writeFileSync(join(cards, ENCODING_MARKER), encoding);
  }
  await Promise.all(retired.map((dir) => rm(dir, { recursive: true, force: true })));
}

function markedEncoding(cards: string): string | null {
  try {
    return readFileSync(join(cards, ENCODING_MARKER), "utf8");
  } catch {
    return null;
  }
}

/** Folders an earlier build retired and did not finish deleting. */
function leftovers(cacheDir: string): string[] {
  try {
    return readdirSync(cacheDir)
      .filter((name) => RETIRED.test(name))
      .map((name) => join(cacheDir, name));
  } catch {
    return [];
  }
}
