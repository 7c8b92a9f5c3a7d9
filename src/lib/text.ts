import { HEADLINE_JOIN_MAX_WORD_LENGTH, NBSP } from "./constants.ts";

/** Text rules of spec §5. Pure string functions, safe in the build and the browser. */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Keeps every occurrence of the product name on one line: its inner spaces become non-breaking. */
export function keepProductNameUnbreakable(text: string, productName: string): string {
  const rule = productNameRule(productName);
  return rule ? text.replace(rule.pattern, rule.replacement) : text;
}

/** The pattern and replacement for a product name, made once: every headline asks. */
function productNameRule(productName: string) {
  let rule = productNameRules.get(productName);
  if (rule === undefined) {
    const words = productName.trim().split(/\s+/).filter(Boolean);
    rule =
      words.length < 2
        ? null
        : {
            pattern: new RegExp(words.map(escapeRegExp).join("\\s+"), "g"),
            replacement: words.join(NBSP),
          };
    productNameRules.set(productName, rule);
  }
  return rule;
}

const productNameRules = new Map<string, { pattern: RegExp; replacement: string } | null>();

/**
 * Joins a headline's last two words with a non-breaking space so the last line is never a
 * single short word; skipped when either word is longer than 5 characters, because joining
 * two long words would push an awkwardly large chunk onto the last line.
 */
export function joinLastTwoWords(headline: string): string {
  // Read from the end (a regular expression with a lazy prefix retried every start on every
  // headline of a 10,000-page build). Only ordinary whitespace separates words: a
  // non-breaking space already glues its neighbours.
  const lastEnd = skipBack(headline, headline.length, true);
  const lastStart = skipBack(headline, lastEnd, false);
  const gapStart = skipBack(headline, lastStart, true);
  const secondLastStart = skipBack(headline, gapStart, false);
  if (lastStart === lastEnd || gapStart === lastStart || secondLastStart === gapStart) {
    return headline;
  }
  const secondLast = headline.slice(secondLastStart, gapStart);
  const last = headline.slice(lastStart, lastEnd);
  const longest = Math.max([...secondLast].length, [...last].length);
  if (longest > HEADLINE_JOIN_MAX_WORD_LENGTH) return headline;
  return `${headline.slice(0, gapStart)}${NBSP}${headline.slice(lastStart)}`;
}

/** Where the run of word spaces (or of other characters) that ends at `end` starts. */
function skipBack(text: string, end: number, spaces: boolean): number {
  let start = end;
  while (start > 0 && isWordSpace(text.charCodeAt(start - 1)) === spaces) start -= 1;
  return start;
}

/** Space, tab, carriage return, line feed. */
function isWordSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;
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
