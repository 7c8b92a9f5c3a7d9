import { HEADLINE_JOIN_MAX_WORD_LENGTH, NBSP } from "./constants.ts";

/** Text rules of spec §5. Pure string functions, safe in the build and the browser. */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Keeps every occurrence of the product name on one line: its inner spaces become non-breaking. */
export function keepProductNameUnbreakable(text: string, productName: string): string {
  const words = productName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return text;
  const pattern = new RegExp(words.map(escapeRegExp).join("\\s+"), "g");
  return text.replace(pattern, words.join(NBSP));
}

/**
 * Joins a headline's last two words with a non-breaking space so the last line is never a
 * single short word; skipped when either word is longer than 5 characters, because joining
 * two long words would push an awkwardly large chunk onto the last line.
 */
export function joinLastTwoWords(headline: string): string {
  // Only ordinary whitespace separates words: a non-breaking space already glues its neighbours.
  const match = /^([\s\S]*?)([^ \t\r\n]+)[ \t\r\n]+([^ \t\r\n]+)([ \t\r\n]*)$/.exec(headline);
  if (!match) return headline;
  const [, before = "", secondLast = "", last = "", trailing = ""] = match;
  const longest = Math.max([...secondLast].length, [...last].length);
  if (longest > HEADLINE_JOIN_MAX_WORD_LENGTH) return headline;
  return `${before}${secondLast}${NBSP}${last}${trailing}`;
}

/** Both headline rules: the product name kept whole, then the last two words joined. */
export function formatHeadline(headline: string, productName: string): string {
  return joinLastTwoWords(keepProductNameUnbreakable(headline, productName));
}

/** "What's new in Harbor Desk?" → "whats-new-in-harbor-desk": lowercased, hyphenated, punctuation removed. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}
