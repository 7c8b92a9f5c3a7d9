/**
 * Open Graph card names remembered between builds. A card's file is named by the hash of its
 * SVG (pipeline.ts), so naming one means drawing it: wrapping its title by the font's metrics
 * and hashing the markup. For the 11,800 cards of a 10,000-post site that was 70-80 ms of the
 * build's own thread, in the stretch before the first page renders, with a render worker
 * waiting. The SVG follows from the card's fields and the code alone, so a name drawn once is
 * the same in every build of the same code: it is kept here under the card's fields, in a file
 * per version of the code (`codeKey`, the build's code digest), the newest few kept, so that
 * switching between two versions (a branch and main, a benchmark's base and change) does not
 * draw every card again each time.
 *
 * A remembered name stands only while its card is in the cache; a card that is not is drawn
 * again, to be rendered from its SVG. The memory is a cache: unreadable, or written by another
 * version of the code, it is empty; a build that cannot save it only draws its cards again.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { keepNewestEntries, writeFileWhole } from "../../lib/node.ts";
import type { OgCard } from "./og-template.ts";

/** Versions of the code whose names are kept. */
const VERSIONS_KEPT = 3;

/**
 * Past this many names only the ones this build used are saved: the memory of a site whose
 * titles keep changing stays small.
 */
export const MAX_REMEMBERED_OG_NAMES = 100_000;

interface SavedNames {
  code: string;
  names: Record<string, string>;
}

export interface OgNameMemory {
  /** The file name drawn for this card by an earlier build of the same code, if any. */
  recall(card: OgCard): string | undefined;
  /** A name drawn now, saved with the others by `save`. */
  learn(card: OgCard, file: string): void;
  /** Writes the memory when this build learned a name, whole or not at all (renamed in). */
  save(): Promise<void>;
}

/** The card's fields as one key: unambiguous whatever its title holds. */
const keyOf = (card: OgCard) =>
  JSON.stringify([card.title, card.section, card.siteName, card.host]);

export function openOgNameMemory(
  dir: string,
  codeKey: string,
  { max = MAX_REMEMBERED_OG_NAMES }: { max?: number } = {},
): OgNameMemory {
  const file = join(dir, `${codeKey.slice(0, 32)}.json`);
  const names = new Map<string, string>(Object.entries(readSaved(file, codeKey)));
  // This build's cards, which are all that is kept once the memory grows too large.
  const used = new Map<string, string>();
  let learned = false;
  return {
    recall(card) {
      const key = keyOf(card);
      const name = names.get(key);
      if (name !== undefined) used.set(key, name);
      return name;
    },
    learn(card, name) {
      const key = keyOf(card);
      used.set(key, name);
      if (names.get(key) === name) return;
      names.set(key, name);
      learned = true;
    },
    async save() {
      if (!learned) return;
      const kept = names.size > max ? used : names;
      const saved: SavedNames = { code: codeKey, names: Object.fromEntries(kept) };
      await writeFileWhole(file, JSON.stringify(saved));
      await keepNewestEntries(dir, basename(file), VERSIONS_KEPT).catch(() => {});
    },
  };
}

function readSaved(file: string, codeKey: string): Record<string, string> {
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<SavedNames>;
    if (saved.code !== codeKey || typeof saved.names !== "object" || saved.names === null) {
      return {};
    }
    return saved.names;
  } catch {
    return {};
  }
}
