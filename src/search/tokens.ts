/**
 * The words of the site search: how text becomes index terms, the same in the build (which
 * indexes pages) and in the browser (which looks up what a visitor typed). Lower case, accents
 * dropped, split on anything that is not a letter or a digit, and plural "-s" forms folded
 * onto their singular (Harman's S-stemmer), so "tickets" finds "ticket" and back.
 */

/** Shorter words are not indexed: they match too much to rank anything. */
export const MIN_TERM_LENGTH = 2;
/** Longer "words" are tokens of codes and URLs, not something a visitor types. */
export const MAX_TERM_LENGTH = 32;

/**
 * A word: letters and digits, keeping inside it an apostrophe between letters (don't,
 * O’Reilly) and the commas of a number's groups of three digits (1,900), which its term drops
 * (`JOINERS`): split there, "don't" was "don" and "t", and "1,900" was "1" and "900", so
 * nothing a visitor types as "dont" or "1900" found them.
 */
const WORD = /\p{N}{1,3}(?:,\p{N}{3})+(?!\p{N})|[\p{L}\p{N}]+(?:['’]\p{L}+)*/gu;
const JOINERS = /['’,]/g;
/** Text with a word `WORD` joins: most has none, and its words need no second look. */
const HAS_JOINED_WORD = /[\p{L}\p{N}]['’]\p{L}|\p{N},\p{N}{3}/u;
const withoutJoiners = (word: string) =>
  word.includes("'") || word.includes(",") || word.includes("’") ? word.replace(JOINERS, "") : word;
const COMBINING_MARKS = /\p{M}+/gu;

/** Harman's S-stemmer: three rules for English plurals, nothing more aggressive. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) {
    return `${word.slice(0, -3)}y`;
  }
  if (word.endsWith("es") && !/(?:ae|ee|oe)s$/.test(word)) return word.slice(0, -1);
  if (word.endsWith("s") && !word.endsWith("us") && !word.endsWith("ss")) {
    return word.slice(0, -1);
  }
  return word;
}

/** Beyond ASCII: the only text that can have accents or compatibility forms to fold. */
const NOT_ASCII = /[^\u0020-\u007e\s]/;

/** A word as typed or written, folded to how it is compared: lower case, no accents. */
export function foldWord(word: string): string {
  // Most text is ASCII, which has nothing to decompose.
  const decomposed = NOT_ASCII.test(word)
    ? word.normalize("NFKD").replace(COMBINING_MARKS, "")
    : word;
  return decomposed.toLowerCase();
}

/** One word as the index keeps it, or null when it is not indexed. */
export function termOf(word: string): string | null {
  const folded = withoutJoiners(foldWord(word));
  if (folded.length < MIN_TERM_LENGTH || folded.length > MAX_TERM_LENGTH) return null;
  return stem(folded);
}

/** The words of a text in order, as written (for excerpts); `terms` gives what is indexed. */
export function wordsOf(text: string): { word: string; start: number }[] {
  return Array.from(text.matchAll(WORD), (match) => ({ word: match[0], start: match.index }));
}

/** `WORD` in text that `NOT_ASCII` does not match, once lower-cased. */
const ASCII_WORD = /\d{1,3}(?:,\d{3})+(?!\d)|[a-z0-9]+(?:'[a-z]+)*/g;

/**
 * The words of a text, folded (`foldWord`): what its index terms are cut from. Folded once for
 * the whole text rather than word by word (a page's words fold alike); `match` gives the words
 * as strings, without a match object each.
 */
function foldedWordsOf(text: string): string[] {
  // Text with nothing beyond ASCII but spaces has no accents to drop, and its letters and
  // digits are [a-z0-9] once lower-cased. Matching that instead of Unicode's classes took
  // 12 % off finding the words of 10,000 synthetic posts.
  const words = NOT_ASCII.test(text)
    ? (foldWord(text).match(WORD) ?? [])
    : (text.toLowerCase().match(ASCII_WORD) ?? []);
  if (HAS_JOINED_WORD.test(text)) {
    for (let at = 0; at < words.length; at += 1) words[at] = withoutJoiners(words[at] as string);
  }
  return words;
}

const isIndexedLength = (word: string) =>
  word.length >= MIN_TERM_LENGTH && word.length <= MAX_TERM_LENGTH;

/** The index terms of a text, in order, repeats kept (they are the term frequencies). */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of foldedWordsOf(text)) if (isIndexedLength(word)) terms.push(stem(word));
  return terms;
}

/**
 * Adds `times` to the count of each index term of `text` (`termsOf`), for every time it
 * occurs; answers how many terms the text has. The build counts every page's terms this way,
 * without the list of them `termsOf` would make first.
 */
export function countTermsInto(counts: Map<string, number>, text: string, times: number): number {
  let found = 0;
  for (const word of foldedWordsOf(text)) {
    if (!isIndexedLength(word)) continue;
    const term = stem(word);
    counts.set(term, (counts.get(term) ?? 0) + times);
    found += 1;
  }
  return found;
}
