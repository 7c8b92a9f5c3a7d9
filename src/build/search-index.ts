/**
 * The site search's index (format: src/search/format.ts), written under `/search/`.
 *
 * Each render worker turns the page it has just rendered into a search entry
 * (`searchEntryFor`): the page's title and term counts. Nothing of it is written per page: a
 * result's excerpt is cut from the page's page data (src/search/page-text.ts). The build's own
 * thread gathers the entries (`createSearchIndex`), numbers the pages in route order and
 * writes the term shards, the page lists (each page's path and title) and the manifest: a few
 * seconds of work for 10,000 posts, where Pagefind's service
 * took 13 s of a 33 s build, holding the render back (its npm binary took 14 s of CPU for the
 * documents alone, plus 4 s of this process's to send them).
 *
 * An incremental build keeps the entries (`saveEntries`) and, next time, replaces only the
 * rendered pages' (`loadEntries`): the index it writes is the one a full build writes, and
 * only the files whose bytes changed are rewritten.
 */
import { hash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  countTermsInto,
  PAGES_PER_LIST,
  type PageList,
  SEARCH_DIR,
  SEARCH_FORMAT_VERSION,
  type SearchManifest,
  shardOf,
  type TermShard,
  TITLE_WEIGHT,
  termWeight,
} from "../search/index.ts";
import { searchBodyOfMain } from "./search-record.ts";
import { writeOutputFile } from "./write-output.ts";

/** One searched page as the index needs it: plain data, so a worker can send it. */
export interface SearchEntry {
  /** What its result is titled (ListedPage). */
  title: string;
  /** Words indexed (the title's counted TITLE_WEIGHT times): BM25's page length. */
  length: number;
  /** term, count, term, count… sorted by term. */
  terms: (string | number)[];
}

const contentName = (text: string) => `${hash("sha256", text).slice(0, 20)}.json`;

/** The search entry of a rendered page; null when it is not searched (no `data-search-body`). */
export function searchEntryFor(page: { main: string; documentTitle: string }): SearchEntry | null {
  const body = searchBodyOfMain(page.main, page.documentTitle);
  if (body === null) return null;
  const counts = new Map<string, number>();
  const length =
    countTermsInto(counts, body.title, TITLE_WEIGHT) * TITLE_WEIGHT +
    countTermsInto(counts, body.words, 1);
  const sorted = [...counts.keys()].sort();
  const terms: (string | number)[] = new Array(sorted.length * 2);
  sorted.forEach((term, at) => {
    terms[2 * at] = term;
    terms[2 * at + 1] = counts.get(term) as number;
  });
  return { title: body.title, length, terms };
}

export interface SearchIndex {
  /** A rendered page's entry, or null: the page is not searched (any earlier entry goes). */
  set(path: string, entry: SearchEntry | null): void;
  /**
   * Writes the index of the pages of `paths` (route order) that have entries; files whose
   * bytes are already there are left alone, files of an earlier index are deleted. Answers
   * how many index files it wrote.
   */
  write(outDir: string, paths: readonly string[]): { pages: number; filesWritten: number };
  /** The entries, for the next incremental build. */
  entries(): ReadonlyMap<string, SearchEntry>;
}

/** A page of the index, in index order. */
interface IndexedPage {
  path: string;
  title: string;
  length: number;
}

/** The index's files for its pages and each term's postings (page number, weight, …). */
function writeIndexFiles(
  outDir: string,
  pages: readonly IndexedPage[],
  shards: ReadonlyMap<number, TermShard>,
): { pages: number; filesWritten: number } {
  const dir = join(outDir, SEARCH_DIR);
  const kept = new Set<string>();
  let filesWritten = 0;
  const writeNamed = (folder: string, stem: string, value: unknown) => {
    const json = JSON.stringify(value);
    const name = `${stem}.${contentName(json)}`;
    kept.add(`${folder}/${name}`);
    const file = join(dir, folder, name);
    if (!existsSync(file)) {
      writeOutputFile(file, json);
      filesWritten += 1;
    }
    return name;
  };
  const manifest: SearchManifest = {
    version: SEARCH_FORMAT_VERSION,
    pages: pages.length,
    shards: {},
    pageLists: [],
  };
  for (const shard of [...shards.keys()].sort((a, b) => a - b)) {
    manifest.shards[shard] = writeNamed("t", String(shard), shards.get(shard));
  }
  for (let start = 0; start < pages.length; start += PAGES_PER_LIST) {
    const list: PageList = pages
      .slice(start, start + PAGES_PER_LIST)
      .map(({ path, title }) => ({ path, title }));
    manifest.pageLists.push(writeNamed("p", String(start / PAGES_PER_LIST), list));
  }
  const manifestJson = JSON.stringify(manifest);
  const manifestFile = join(dir, "index.json");
  if (!existsSync(manifestFile) || readFileSync(manifestFile, "utf8") !== manifestJson) {
    writeOutputFile(manifestFile, manifestJson);
    filesWritten += 1;
  }
  for (const folder of ["t", "p"]) {
    const inFolder = join(dir, folder);
    if (!existsSync(inFolder)) continue;
    for (const name of readdirSync(inFolder)) {
      if (!kept.has(`${folder}/${name}`)) rmSync(join(inFolder, name));
    }
  }
  // Format 1's text file per page, left by a build over an older one's output.
  rmSync(join(dir, "f"), { recursive: true, force: true });
  return { pages: pages.length, filesWritten };
}

/** BM25's mean page length, summed in page order (the same float whichever way it was built). */
function meanLengthOf(pages: readonly IndexedPage[]): number {
  return pages.reduce((sum, page) => sum + page.length, 0) / (pages.length || 1);
}

/**
 * Each term's postings over `pages` in page order (so each list is sorted by page): the page's
 * number, then `postingValue` of its count on that page (a weight, or the count itself).
 */
function gatherPostings(
  pages: readonly { terms: readonly (string | number)[] }[],
  postingValue: (count: number, number: number) => number,
): Map<string, number[]> {
  const postings = new Map<string, number[]>();
  pages.forEach(({ terms }, number) => {
    for (let i = 0; i < terms.length; i += 2) {
      const term = terms[i] as string;
      const value = postingValue(terms[i + 1] as number, number);
      const list = postings.get(term);
      if (list) list.push(number, value);
      else postings.set(term, [number, value]);
    }
  });
  return postings;
}

/** Puts each term's postings in its shard, terms in the order given (sorted: the file's order). */
function shardsOf(
  terms: readonly string[],
  postingsOf: (term: string) => number[],
): Map<number, TermShard> {
  const shards = new Map<number, TermShard>();
  for (const term of terms) {
    const shard = shardOf(term);
    let inShard = shards.get(shard);
    if (!inShard) {
      inShard = {};
      shards.set(shard, inShard);
    }
    inShard[term] = postingsOf(term);
  }
  return shards;
}

/** The first place in `sorted` (every `step`-th item, from 0) holding `value` or above. */
function lowerBound<T>(sorted: readonly T[], value: T, step = 1): number {
  let low = 0;
  let high = sorted.length / step;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle * step] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low * step;
}

export function createSearchIndex(
  previous: ReadonlyMap<string, SearchEntry> = new Map(),
): SearchIndex {
  const entries = new Map(previous);
  return {
    set(path, entry) {
      if (entry) entries.set(path, entry);
      else entries.delete(path);
    },
    entries: () => entries,
    write(outDir, paths) {
      // Pages no longer built leave the index (and the entries the next build starts from).
      const built = new Set(paths);
      for (const path of entries.keys()) if (!built.has(path)) entries.delete(path);
      const pages = paths.flatMap((path) => {
        const entry = entries.get(path);
        return entry ? [{ path, ...entry }] : [];
      });
      const meanLength = meanLengthOf(pages);
      const postings = gatherPostings(pages, (count, number) =>
        termWeight(count, (pages[number] as IndexedPage).length, meanLength),
      );
      const sorted = [...postings.keys()].sort();
      return writeIndexFiles(
        outDir,
        pages,
        shardsOf(sorted, (term) => postings.get(term) as number[]),
      );
    },
  };
}

/**
 * The index of the last build's entries for this build's routes, prepared while the build
 * renders (the rebuild helper gets the routes before the render starts), so that once the
 * rendered pages' entries come only they are applied: removing and inserting their postings,
 * then weighting and writing, where createSearchIndex gathers every page's postings and sorts
 * every term again (10,000 posts: 0.1 s of the rebuild's last wait, and 40-70 ms more to
 * serialise the entries kept for the next build).
 *
 * It takes only changes that keep the numbering of the pages (`takes`): a page that became
 * searched or stopped being, or other routes, need the whole index made again. What it writes
 * is byte for byte what createSearchIndex writes for the same entries and routes.
 */
export interface PreparedSearchIndex {
  /** Whether `write` can take these changes for these routes. */
  takes(changes: ReadonlyMap<string, SearchEntry | null>, paths: readonly string[]): boolean;
  /** Applies the changes (which it takes) and writes the index; answers as SearchIndex.write. */
  write(
    outDir: string,
    changes: ReadonlyMap<string, SearchEntry | null>,
  ): { pages: number; filesWritten: number };
  /** After write: the JSON saveEntries would write of the entries, in the same order. */
  entriesJson(): string;
}

export function prepareSearchIndex(
  previous: ReadonlyMap<string, SearchEntry>,
  paths: readonly string[],
): PreparedSearchIndex {
  const preparedPaths = [...paths];
  const built = new Set(preparedPaths);
  const pages: IndexedPage[] = [];
  const numberOf = new Map<string, number>();
  for (const path of preparedPaths) {
    const entry = previous.get(path);
    if (!entry) continue;
    numberOf.set(path, pages.length);
    pages.push({ path, title: entry.title, length: entry.length });
  }
  // Each term's page numbers and counts (number, count, …), in page order.
  const postings = gatherPostings(
    pages.map((page) => previous.get(page.path) as SearchEntry),
    (count) => count,
  );
  const sortedTerms = [...postings.keys()].sort();
  // What saveEntries would write, entry by entry, in the map's order once the build's changes
  // and removals are applied (createSearchIndex's).
  const savedPieces = new Map<string, string>();
  for (const [path, entry] of previous) {
    if (built.has(path)) savedPieces.set(path, JSON.stringify([path, entry]));
  }

  return {
    takes(changes, finalPaths) {
      if (finalPaths.length !== preparedPaths.length) return false;
      for (let i = 0; i < finalPaths.length; i += 1) {
        if (finalPaths[i] !== preparedPaths[i]) return false;
      }
      for (const [path, entry] of changes) {
        if (!built.has(path) || numberOf.has(path) !== (entry !== null)) return false;
      }
      return true;
    },
    write(outDir, changes) {
      for (const [path, entry] of changes) {
        if (!entry) continue; // Unsearched before and after (takes).
        const number = numberOf.get(path) as number;
        const before = previous.get(path) as SearchEntry;
        for (let i = 0; i < before.terms.length; i += 2) {
          const term = before.terms[i] as string;
          const list = postings.get(term) as number[];
          // Page numbers sit at even places, each before its count.
          list.splice(lowerBound(list, number, 2), 2);
          if (list.length === 0) postings.delete(term);
        }
        for (let i = 0; i < entry.terms.length; i += 2) {
          const term = entry.terms[i] as string;
          const count = entry.terms[i + 1] as number;
          const list = postings.get(term);
          if (list) list.splice(lowerBound(list, number, 2), 0, number, count);
          else {
            postings.set(term, [number, count]);
            sortedTerms.splice(lowerBound(sortedTerms, term), 0, term);
          }
        }
        pages[number] = { path, title: entry.title, length: entry.length };
        savedPieces.set(path, JSON.stringify([path, entry]));
      }
      const meanLength = meanLengthOf(pages);
      // A term inserted again after it was emptied sits beside its old place (once only); a
      // term whose only pages were edited to drop it has no postings left.
      const live = sortedTerms.filter(
        (term, place) => term !== sortedTerms[place - 1] && postings.has(term),
      );
      const weightsOf = (term: string) => {
        const counts = postings.get(term) as number[];
        const list: number[] = new Array(counts.length);
        for (let i = 0; i < counts.length; i += 2) {
          const number = counts[i] as number;
          list[i] = number;
          list[i + 1] = termWeight(
            counts[i + 1] as number,
            (pages[number] as IndexedPage).length,
            meanLength,
          );
        }
        return list;
      };
      return writeIndexFiles(outDir, pages, shardsOf(live, weightsOf));
    },
    entriesJson() {
      return `[${[...savedPieces.values()].join(",")}]`;
    },
  };
}

/**
 * Where the build's thread hands each rendered page's entry (null: not searched), then, once
 * all pages are rendered, asks for the index of `paths` (route order): written in this thread
 * (`searchIndexHere`) or by the rebuild helper (rebuild-helper.ts). `filesWritten` answers how
 * many index files were written, `saved` settles once the entries the next incremental build
 * starts from are saved (at once when none are kept).
 */
export interface SearchIndexWriter {
  /** Every route, in order, as soon as they are known (before the render): optional to act on. */
  routes?(paths: readonly string[]): void;
  set(path: string, entry: SearchEntry | null): void;
  finish(paths: readonly string[]): { filesWritten: Promise<number>; saved: Promise<void> };
}

/** A search index written in this thread, its entries saved in `keepIn` when given. */
export function searchIndexHere(outDir: string, keepIn: string | null): SearchIndexWriter {
  const index = createSearchIndex();
  return {
    set: index.set,
    finish(paths) {
      const { filesWritten } = index.write(outDir, paths);
      if (keepIn) saveEntries(keepIn, index.entries());
      return { filesWritten: Promise.resolve(filesWritten), saved: Promise.resolve() };
    },
  };
}

/** Where an incremental build keeps the entries between builds. */
const ENTRIES_FILE = "search-entries.json";

export function saveEntries(
  cacheDir: string,
  entries: ReadonlyMap<string, SearchEntry> | { json: string },
): void {
  mkdirSync(cacheDir, { recursive: true });
  const json = "json" in entries ? entries.json : JSON.stringify([...entries]);
  writeFileSync(join(cacheDir, ENTRIES_FILE), json);
}

/** Whether an earlier build saved entries (read by loadEntries, in the rebuild helper). */
export function hasEntries(cacheDir: string): boolean {
  return existsSync(join(cacheDir, ENTRIES_FILE));
}

/** The entries an earlier build saved, or null when it saved none. */
export function loadEntries(cacheDir: string): Map<string, SearchEntry> | null {
  try {
    return new Map(
      JSON.parse(readFileSync(join(cacheDir, ENTRIES_FILE), "utf8")) as [string, SearchEntry][],
    );
  } catch {
    return null;
  }
}
