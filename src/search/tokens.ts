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

const WORD = /[\p{L}\p{N}]+/gu;
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
  const folded = foldWord(word);
  if (folded.length < MIN_TERM_LENGTH || folded.length > MAX_TERM_LENGTH) return null;
  return stem(folded);
}

/** The words of a text in order, as written (for excerpts); `terms` gives what is indexed. */
export function wordsOf(text: string): { word: string; start: number }[] {
  return Array.from(text.matchAll(WORD), (match) => ({ word: match[0], start: match.index }));
}

/** The index terms of a text, in order, repeats kept (they are the term frequencies). */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  // Folded once for the whole text rather than word by word (a page's words fold alike);
  // `match` gives the words as strings, without a match object each.
  for (const word of foldWord(text).match(WORD) ?? []) {
    if (word.length >= MIN_TERM_LENGTH && word.length <= MAX_TERM_LENGTH) terms.push(stem(word));
  }
  return terms;
}
