/**
 * Copies cached Open Graph cards into an output that a hard link cannot reach (the output on
 * another file system than the cache: a tmpfs output, a CI volume), reading them from packs:
 * files that each hold many cards end to end, with an index of where each one is.
 *
 * Copied one by one (`copyFile`), 10,146 cards of a 10,000-post build cost 0.32 s of CPU (12
 * system calls each, through libuv's threads), and 0.81 s when the cache's files had left the
 * page cache, as they do a minute after a build on a machine that pages idle files out. Read
 * from a pack in large sequential pieces and written with one call each: 0.20 s, and 0.37 s
 * cold. A 10,000-post build took 0.1-0.2 s less wall time either way.
 *
 * A card is cached as a file of its own (`og/`, named by the hash of what it shows), in a pack,
 * or both. A build that had to copy many cards (`PACK_AT_LEAST`) that no pack held packs them;
 * a build that draws many new cards for such an output has its children write them straight
 * into the output and into packs of their own (`startPack`, og-child.ts), and no file of their
 * own: on an ext4 cache, creating and renaming 10,000 card files cost 1.3 s of system time,
 * and reading them back to copy and pack them more. A pack and its index are written under
 * temporary names and renamed, the index last, so a reader sees a whole pack or none, and
 * packs are never written to again: two builds sharing a cache cannot mix their bytes. A card
 * missing from every pack, or whose pack cannot be read, is copied from its file, and a pack
 * found shorter than its index is deleted.
 *
 * The packs are not pruned, like the cards' folder: when there are more than `MAX_PACKS`, a
 * build joins them into one, each card once.
 */
import { randomUUID } from "node:crypto";
import {
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { copyFile, type FileHandle, open } from "node:fs/promises";
import { join } from "node:path";
import { eachLimited } from "./pool.ts";

/** A build that copies at least this many cards no pack holds packs them for the next one. */
export const PACK_AT_LEAST = 256;

/** More packs than this, and the next build that packs joins them all into one. */
export const MAX_PACKS = 8;

/** Bytes read from a pack at once: about 300 cards. */
const READ_BYTES = 4 << 20;

/** Cards copied from their own files at once (each holds two descriptors while it runs). */
const COPIES_IN_FLIGHT = 64;

const INDEX_SUFFIX = ".json";
const PACK_SUFFIX = ".pack";

/** A pack's index: each card's file name, and where its bytes are in the pack. */
interface PackIndex {
  cards: Record<string, [offset: number, length: number]>;
}

/** The whole packs of a cache, by pack name (`readPackIndexes`). */
export type CardPacks = ReadonlyMap<string, PackIndex>;

interface PackedCard {
  name: string;
  offset: number;
  length: number;
}

export interface CardPlacement {
  /** Cards written from packs. */
  fromPacks: number;
  /** Cards copied from their own files. */
  copied: number;
  /** Cards written into a new pack by this build. */
  packed: number;
}

/**
 * Writes each named card of `cardsDir` into `outDir` (which exists), from the packs in
 * `packsDir` where they hold it; packs the ones they do not when there are enough of them.
 */
export async function placeCards(options: {
  names: readonly string[];
  cardsDir: string;
  packsDir: string;
  outDir: string;
  /** The packs as the caller read them already (`readPackIndexes`); else read here. */
  packs?: CardPacks;
  /**
   * `outDir` is the cache's own folder of cards (`cardsDir`): the packed cards are written
   * whole or not at all, as a card drawn there is, for builds to link.
   */
  unpack?: boolean;
}): Promise<CardPlacement> {
  const { names, cardsDir, packsDir, outDir } = options;
  const packs = options.packs ?? readPackIndexes(packsDir);
  const { byPack, loose } = groupByPack(names, packs);
  const placement: CardPlacement = { fromPacks: 0, copied: 0, packed: 0 };
  const write = options.unpack ? writeCardWhole : writeCard;
  const fromPacks = await writeFromPacks(byPack, packsDir, outDir, write);
  placement.fromPacks = fromPacks.written;
  loose.push(...fromPacks.unread);

  // A card in no pack read above and in no file: one of the packs read was joined into a new
  // one meanwhile (another build sharing the cache), whose index tells where the card is now.
  const lost: string[] = [];
  const unlessLost = (name: string, place: () => void | Promise<void>) =>
    Promise.resolve()
      .then(place)
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
        lost.push(name);
      });
  const pack = loose.length < PACK_AT_LEAST ? null : startPack(packsDir);
  await eachLimited(loose, COPIES_IN_FLIGHT, (name) =>
    pack === null
      ? unlessLost(name, () => copyCard(join(cardsDir, name), join(outDir, name)))
      : unlessLost(name, () => {
          // Read synchronously: fs/promises' readFile took 0.45-0.52 s of CPU for 10,000
          // cards of a first build (its file handles and promises), readFileSync 0.13-0.15 s,
          // on a build thread that renders pages meanwhile.
          const bytes = readFileSync(join(cardsDir, name));
          writeCard(join(outDir, name), bytes);
          pack.add(name, bytes);
        }),
  );
  placement.copied = loose.length - lost.length;
  if (lost.length > 0) {
    const again = groupByPack(lost, readPackIndexes(packsDir));
    const found = await writeFromPacks(again.byPack, packsDir, outDir, write);
    placement.fromPacks += found.written;
    const missing = [...again.loose, ...found.unread];
    if (missing.length > 0) {
      pack?.finish([]);
      throw new Error(
        `Open Graph cards missing from the cache (${cardsDir} and its packs): ${missing.join(", ")}. Build again to draw them.`,
      );
    }
  }
  if (pack) {
    // Too many packs: this one takes in the others' cards, and they go.
    const joined = packs.size + 1 > MAX_PACKS ? [...packs.keys()] : [];
    placement.packed = await finishJoining(pack, packsDir, packs, joined);
  }
  return placement;
}

/** The named cards the packs hold, by pack, and the names of the others. */
function groupByPack(names: readonly string[], packs: CardPacks) {
  const packed = new Map<string, { pack: string; card: PackedCard }>();
  for (const [pack, index] of packs) {
    for (const card of cardsOf(index)) packed.set(card.name, { pack, card });
  }
  const byPack = new Map<string, PackedCard[]>();
  const loose: string[] = [];
  for (const name of names) {
    const at = packed.get(name);
    if (at === undefined) {
      loose.push(name);
      continue;
    }
    const cards = byPack.get(at.pack) ?? [];
    byPack.set(at.pack, cards);
    cards.push(at.card);
  }
  return { byPack, loose };
}

/** Writes each pack's cards into `outDir`; answers how many, and the names it could not read. */
async function writeFromPacks(
  byPack: ReadonlyMap<string, readonly PackedCard[]>,
  packsDir: string,
  outDir: string,
  write: (target: string, bytes: Buffer) => void,
): Promise<{ written: number; unread: string[] }> {
  let written = 0;
  const unread: string[] = [];
  for (const [pack, cards] of byPack) {
    const visited = await eachPackedCard(packFileOf(packsDir, pack), cards, (name, bytes) =>
      write(join(outDir, name), bytes),
    );
    written += visited.size;
    if (visited.size < cards.length) {
      // Gone (another build joined it meanwhile) or shorter than its index, which a pack
      // renamed whole before its index was written can only be by damage: its other cards
      // come from their files, and no later build looks in it again.
      for (const card of cards) if (!visited.has(card.name)) unread.push(card.name);
      removePack(packsDir, pack);
    }
  }
  return { written, unread };
}

/**
 * Joins the packs in `packsDir` into one when there are more than MAX_PACKS (children that drew
 * cards for a build each left one); answers how many cards the joined pack holds, or 0.
 */
export async function joinPacksIfMany(packsDir: string): Promise<number> {
  const packs = readPackIndexes(packsDir);
  if (packs.size <= MAX_PACKS) return 0;
  const pack = startPack(packsDir);
  return pack ? finishJoining(pack, packsDir, packs, [...packs.keys()]) : 0;
}

/** Adds the cards of the `joined` packs to `pack`, then finishes it in their place. */
async function finishJoining(
  pack: NonNullable<ReturnType<typeof startPack>>,
  packsDir: string,
  packs: CardPacks,
  joined: readonly string[],
): Promise<number> {
  for (const name of joined) {
    const index = packs.get(name);
    if (index) await eachPackedCard(packFileOf(packsDir, name), cardsOf(index), pack.add);
  }
  return pack.finish(joined);
}

/** The names of the cards the packs hold. */
export function packedCardNames(packs: CardPacks): Set<string> {
  const names = new Set<string>();
  for (const index of packs.values()) for (const name of Object.keys(index.cards)) names.add(name);
  return names;
}

/**
 * Writes a card into the output unless it is there: a card is named by the hash of what it
 * shows, so one there already has these bytes, and it may be a hard link to the cache's file
 * (written by a build whose output could link), which writing into would change.
 */
function writeCard(target: string, bytes: Buffer): void {
  try {
    writeFileSync(target, bytes, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/**
 * Writes a card beside its name and renames it in: a build killed meanwhile leaves no half card
 * for the next ones to link or keep (the cache's folder, and an output og-child.ts draws into).
 * Synchronous: fs/promises' file handles cost 0.2 ms a card. One already there is replaced by
 * the same bytes.
 */
export function writeCardWhole(target: string, bytes: Buffer): void {
  const partial = `${target}.${process.pid}.partial.png`;
  writeFileSync(partial, bytes);
  renameSync(partial, target);
}

/** `writeCard` for a card copied from its own file in the cache. */
export async function copyCard(cached: string, target: string): Promise<void> {
  try {
    await copyFile(cached, target, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** A pack's cards as its index lists them. */
const cardsOf = (index: PackIndex): PackedCard[] =>
  Object.entries(index.cards).map(([name, [offset, length]]) => ({ name, offset, length }));

const packFileOf = (packsDir: string, pack: string) => join(packsDir, `${pack}${PACK_SUFFIX}`);
const indexFileOf = (packsDir: string, pack: string) => join(packsDir, `${pack}${INDEX_SUFFIX}`);

/** The indexes of the whole packs in `dir`, by pack name; none when there is no such folder. */
export function readPackIndexes(dir: string): Map<string, PackIndex> {
  const packs = new Map<string, PackIndex>();
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return packs;
  }
  for (const file of files) {
    // Temporary files start with a dot, and end otherwise the same.
    if (file.startsWith(".") || !file.endsWith(INDEX_SUFFIX)) continue;
    try {
      const index = JSON.parse(readFileSync(join(dir, file), "utf8")) as PackIndex;
      if (isPackIndex(index)) packs.set(file.slice(0, -INDEX_SUFFIX.length), index);
    } catch {
      // Unreadable: its cards are copied from their files.
    }
  }
  return packs;
}

/** Whether parsed JSON is a pack index: every card at a whole-number offset and length. */
function isPackIndex(value: unknown): value is PackIndex {
  const cards = (value as Partial<PackIndex> | null)?.cards;
  return (
    typeof cards === "object" &&
    cards !== null &&
    Object.values(cards).every(
      (at) => Array.isArray(at) && at.length === 2 && at.every(Number.isSafeInteger),
    )
  );
}

/**
 * Hands each of `cards` to `visit` with its bytes from `packFile`, reading the pack in order in
 * pieces of at most READ_BYTES, the next piece read while this one's cards are visited;
 * answers the names visited: all of them, unless the pack is gone or shorter than its index.
 * The bytes are read into again once `visit` returns: it must not keep them.
 */
async function eachPackedCard(
  packFile: string,
  cards: readonly PackedCard[],
  visit: (name: string, bytes: Buffer) => void,
): Promise<Set<string>> {
  const visited = new Set<string>();
  let handle: FileHandle;
  try {
    handle = await open(packFile, "r");
  } catch {
    return visited;
  }
  try {
    const size = (await handle.stat()).size;
    const inOrder = cards
      .filter((card) => card.offset >= 0 && card.length > 0 && card.offset + card.length <= size)
      .sort((a, b) => a.offset - b.offset);
    const pieces: PackedCard[][] = [];
    for (const card of inOrder) {
      const piece = pieces.at(-1);
      const start = piece?.[0]?.offset ?? 0;
      if (piece && card.offset + card.length - start <= READ_BYTES) piece.push(card);
      else pieces.push([card]);
    }
    // Two buffers in turn, one read into while the other's cards are visited: a buffer per
    // piece faulted in fresh memory for each (a page fault every 4 KB, 130 MB for 10,000
    // posts) and left V8 that much external memory to collect.
    const buffers = [Buffer.allocUnsafeSlow(READ_BYTES), Buffer.allocUnsafeSlow(READ_BYTES)];
    const read = (piece: readonly PackedCard[], turn: number) => {
      const start = (piece[0] as PackedCard).offset;
      const last = piece.at(-1) as PackedCard;
      const length = last.offset + last.length - start;
      const buffer = length <= READ_BYTES ? (buffers[turn % 2] as Buffer) : Buffer.alloc(length);
      return handle.read(buffer, 0, length, start);
    };
    let next = pieces[0] ? read(pieces[0], 0) : null;
    for (let i = 0; next; i++) {
      const piece = pieces[i] as PackedCard[];
      const { buffer, bytesRead } = await next;
      const following = pieces[i + 1];
      next = following ? read(following, i + 1) : null;
      const start = (piece[0] as PackedCard).offset;
      for (const card of piece) {
        const from = card.offset - start;
        if (from + card.length > bytesRead) break;
        visit(card.name, buffer.subarray(from, from + card.length));
        visited.add(card.name);
      }
      // The build's thread renders pages between these turns (src/build/render-here.ts).
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await handle.close();
  }
  return visited;
}

/**
 * A new pack under a temporary name, taking cards until `finish` renames it and writes its
 * index, then deletes the packs it replaces. Null when it cannot be started; a write that
 * fails abandons it. Either way the build goes on: a pack only spares the next build copies.
 */
export function startPack(packsDir: string): {
  add: (name: string, bytes: Buffer) => void;
  finish: (replaces: readonly string[]) => number;
} | null {
  const name = randomUUID();
  const temporary = join(packsDir, `.${name}${PACK_SUFFIX}`);
  let fd: number | null;
  try {
    mkdirSync(packsDir, { recursive: true });
    fd = openSync(temporary, "w");
  } catch {
    return null;
  }
  const index: PackIndex = { cards: {} };
  let offset = 0;
  const abandon = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
    rmSync(temporary, { force: true });
  };
  return {
    add(card, bytes) {
      if (fd === null || index.cards[card]) return;
      try {
        writeSync(fd, bytes);
      } catch {
        abandon();
        return;
      }
      index.cards[card] = [offset, bytes.length];
      offset += bytes.length;
    },
    finish(replaces) {
      if (fd === null) return 0;
      try {
        closeSync(fd);
        fd = null;
        renameSync(temporary, packFileOf(packsDir, name));
        const indexTemporary = join(packsDir, `.${name}${INDEX_SUFFIX}`);
        writeFileSync(indexTemporary, JSON.stringify(index));
        renameSync(indexTemporary, indexFileOf(packsDir, name));
      } catch {
        abandon();
        rmSync(packFileOf(packsDir, name), { force: true });
        return 0;
      }
      for (const pack of replaces) removePack(packsDir, pack);
      removeAbandoned(packsDir);
      return Object.keys(index.cards).length;
    },
  };
}

/**
 * Deletes a pack, its index first: a build that has not read the index yet no longer looks in
 * the pack, and one reading the pack already reads on (an open file outlives its name).
 */
function removePack(packsDir: string, pack: string): void {
  rmSync(indexFileOf(packsDir, pack), { force: true });
  rmSync(packFileOf(packsDir, pack), { force: true });
}

/** A temporary file older than this was left by a build that was killed while packing. */
const ABANDONED_AFTER_MS = 3600_000;

function removeAbandoned(packsDir: string): void {
  for (const file of readdirSync(packsDir)) {
    if (!file.startsWith(".")) continue;
    const path = join(packsDir, file);
    try {
      if (Date.now() - statSync(path).mtimeMs > ABANDONED_AFTER_MS) rmSync(path, { force: true });
    } catch {
      // Renamed or removed meanwhile by the build that wrote it.
    }
  }
}
