/**
 * The files of the site search, written by the build under `/search/` and read by the search
 * dialog. Only the small index file is fetched on every search; the rest are named by their
 * content, so a host can cache them for good and a rebuild rewrites only those that changed.
 *
 *   /search/index.json          SearchManifest: page count, term shard files, page list files
 *   /search/t/{shard}.{hash}.json  TermShard: term → [page, weight, page, weight, …]
 *   /search/p/{n}.{hash}.json      PageList: pages n·PAGES_PER_LIST… → their path and title
 *
 * A result's excerpt is cut from the text of its page data (page-text.ts), which the router
 * loads to show the page anyway.
 *
 * A page's weight for a term is its BM25 term-frequency part (×100, whole numbers), computed at
 * build time; the browser multiplies it by the term's rarity, which it reads off the posting
 * list's length.
 */
import { fnv1a } from "../lib/index.ts";
import { MIN_TERM_LENGTH } from "./tokens.ts";

export const SEARCH_DIR = "search";
export const SEARCH_MANIFEST_URL = `/${SEARCH_DIR}/index.json`;
/** 2: page lists name each page's path and title; version 1 named a text file per page. */
export const SEARCH_FORMAT_VERSION = 2;

/** Term shards: a term lives in the shard of its first MIN_TERM_LENGTH characters. */
export const SHARD_COUNT = 256;
/** Pages per page-list file. */
export const PAGES_PER_LIST = 256;
/** Weights are stored as whole hundredths. */
export const WEIGHT_SCALE = 100;

/** BM25's term-frequency saturation and length normalisation. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** Words of the page's title count this many times. */
export const TITLE_WEIGHT = 5;

export interface SearchManifest {
  version: number;
  pages: number;
  /** Shard number (decimal string) → file under /search/t/; shards with no term are absent. */
  shards: Record<string, string>;
  /** Page-list file under /search/p/ for pages [i·PAGES_PER_LIST, (i+1)·PAGES_PER_LIST). */
  pageLists: string[];
}

export type TermShard = Record<string, number[]>;

/** A searched page as its result shows it. */
export interface ListedPage {
  /** Site path, for the router and the page's page data. */
  path: string;
  /** The first heading of its searched text, else its document title. */
  title: string;
}
/** Consecutive pages. */
export type PageList = ListedPage[];

/** The shard a term (or a typed prefix of at least MIN_TERM_LENGTH characters) lives in. */
export function shardOf(term: string): number {
  return Number(fnv1a(term.slice(0, MIN_TERM_LENGTH))) % SHARD_COUNT;
}

export const termShardUrl = (file: string) => `/${SEARCH_DIR}/t/${file}`;
export const pageListUrl = (file: string) => `/${SEARCH_DIR}/p/${file}`;

/** Log-scaled rarity of a term found on `found` of `pages` pages (BM25's, never negative). */
export function inverseDocumentFrequency(pages: number, found: number): number {
  return Math.log(1 + (pages - found + 0.5) / (found + 0.5));
}

/** A page's stored weight for a term it has `frequency` times, its length against the mean. */
export function termWeight(frequency: number, length: number, meanLength: number): number {
  const norm = 1 - BM25_B + BM25_B * (meanLength > 0 ? length / meanLength : 1);
  const weight = (frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * norm);
  return Math.max(1, Math.round(weight * WEIGHT_SCALE));
}
