/**
 * What the browser does with a query once the index files are loaded: the terms a visitor
 * typed, the pages that have them all, ranked, and an excerpt of each page around a match.
 * Pure: the loading is client.ts's.
 */
import { inverseDocumentFrequency, type TermShard, WEIGHT_SCALE } from "./format.ts";
import { termOf, termsOf, wordsOf } from "./tokens.ts";

/** A piece of a search excerpt: plain text, highlighted or not (rendered as text, never HTML). */
export interface ExcerptPart {
  text: string;
  highlighted: boolean;
}

export interface RankedPage {
  page: number;
  score: number;
}

/**
 * An index term that only starts with what was typed ("ticketing" for "ticket") counts this
 * much of an exact match, so a half-typed word still finds pages, below the exact ones.
 */
export const PREFIX_MATCH_FACTOR = 0.5;

const ELLIPSIS = "…";

/** The distinct terms of what a visitor typed, in the order typed. */
export function queryTerms(text: string): string[] {
  return [...new Set(termsOf(text))];
}

/** Whether an index term (or a word's term) answers a query term: equal, or starting with it. */
function matches(term: string, queryTerm: string): boolean {
  return term.startsWith(queryTerm);
}

/** Each page's best score for one query term, over the index terms that match it. */
function bestScores(pages: number, queryTerm: string, shard: TermShard): Map<number, number> {
  const best = new Map<number, number>();
  // Own keys only: a typed "constructor" must not find Object.prototype's.
  for (const [term, postings] of Object.entries(shard)) {
    if (!matches(term, queryTerm)) continue;
    const factor = term === queryTerm ? 1 : PREFIX_MATCH_FACTOR;
    const idf = inverseDocumentFrequency(pages, postings.length / 2);
    for (let i = 0; i + 1 < postings.length; i += 2) {
      const page = postings[i] as number;
      const score = ((idf * (postings[i + 1] as number)) / WEIGHT_SCALE) * factor;
      // The best matching variant, not their sum: "ticket", "tickets" and "ticketing" on one
      // page are one match, not three.
      if (score > (best.get(page) ?? 0)) best.set(page, score);
    }
  }
  return best;
}

/**
 * The pages that match every query term, best first (ties by page number), with their BM25
 * score: per query term, the best of its matching index terms' idf × weight, prefix matches
 * discounted. `shardFor` gives the loaded shard a query term lives in (undefined: none).
 */
export function rankPages(
  pages: number,
  terms: readonly string[],
  shardFor: (queryTerm: string) => TermShard | undefined,
): RankedPage[] {
  let scores: Map<number, number> | undefined;
  for (const queryTerm of terms) {
    const shard = shardFor(queryTerm);
    if (shard === undefined) return [];
    const best = bestScores(pages, queryTerm, shard);
    // AND: a page stays only while it matches every query term so far.
    scores = scores === undefined ? best : sumOfBoth(scores, best);
    if (scores.size === 0) return [];
  }
  return [...(scores ?? [])]
    .map(([page, score]) => ({ page, score }))
    .sort((a, b) => b.score - a.score || a.page - b.page);
}

/** The pages in both, their scores added. */
function sumOfBoth(a: Map<number, number>, b: Map<number, number>): Map<number, number> {
  const sum = new Map<number, number>();
  for (const [page, score] of a) {
    const more = b.get(page);
    if (more !== undefined) sum.set(page, score + more);
  }
  return sum;
}

/** Whether a word of the text is one of the query's (for the excerpt's highlights). */
function isMatch(word: string, terms: readonly string[]): boolean {
  const term = termOf(word);
  return term !== null && terms.some((queryTerm) => matches(term, queryTerm));
}

/**
 * About `maxWords` words of a page's text around the first word that matches a query term (the
 * text's start when none does), matched words highlighted, "…" where the text is cut.
 */
export function excerptOf(text: string, terms: readonly string[], maxWords = 30): ExcerptPart[] {
  const words = wordsOf(text);
  if (words.length === 0 || maxWords <= 0) return [];
  const first = words.findIndex(({ word }) => isMatch(word, terms));
  // The match a third of the way in, so the excerpt shows what leads up to it; near the end,
  // the window slides back to stay maxWords long.
  let start = Math.max(0, first - Math.floor(maxWords / 3));
  const end = Math.min(words.length, start + maxWords);
  start = Math.max(0, end - maxWords);

  const parts: ExcerptPart[] = [];
  const push = (piece: string, highlighted: boolean) => {
    const last = parts.at(-1);
    if (last && !last.highlighted && !highlighted) last.text += piece;
    else parts.push({ text: piece, highlighted });
  };
  const plain = (piece: string) => {
    // Whitespace is collapsed, as HTML would render it.
    const collapsed = piece.replace(/\s+/g, " ");
    if (collapsed !== "") push(collapsed, false);
  };

  // Cut ends start or stop at a word; whole-text ends keep their punctuation.
  let offset = start === 0 ? 0 : (words[start]?.start ?? 0);
  if (start > 0) plain(`${ELLIPSIS} `);
  for (const { word, start: at } of words.slice(start, end)) {
    plain(text.slice(offset, at));
    if (isMatch(word, terms)) push(word, true);
    else plain(word);
    offset = at + word.length;
  }
  if (end < words.length) plain(` ${ELLIPSIS}`);
  else plain(text.slice(offset));

  // No leading or trailing space at the excerpt's own ends.
  const head = parts[0];
  if (head && !head.highlighted) head.text = head.text.trimStart();
  const tail = parts.at(-1);
  if (tail && !tail.highlighted) tail.text = tail.text.trimEnd();
  return parts.filter((part) => part.text !== "");
}
