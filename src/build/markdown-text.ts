import { Lexer, type MarkedExtension, Tokenizer } from "marked";

/**
 * Faster ways through three of marked's GFM rules, each giving marked's own tokens.
 *
 * Lexing is most of rendering a post's Markdown, and three regular expressions were most of
 * lexing (10,000 synthetic posts: the inline-text rule 40 %, the setext-heading rule 12 % and
 * the table rule 6 %):
 *
 * - The inline-text rule ends a run of plain text where something else may start. It tries
 *   about ten alternatives at every character. For text without an "@", `plainTextEnd` finds
 *   the same end with one plain search; text with an "@" goes through marked's own rule, whose email
 *   alternatives it needs.
 * - The setext-heading rule ("Title" over a line of "=" or "-") and the table rule are tried
 *   on every paragraph. Each needs a line that paragraphs rarely have: an underline of "=" or
 *   "-" alone, a delimiter row after the first line. Where there is none, the rule cannot match
 *   and is not run; where there is one, marked's own rule decides.
 *
 * markdown-text.test.ts lexes every Markdown file of the site and generated documents both
 * ways and compares the tokens, and holds `plainTextEnd` to marked's rule on generated text.
 */

/** marked's GFM inline-text rule, which `plainTextEnd` must agree with on text without an "@". */
const GFM_TEXT = Lexer.rules.inline.gfm.text;

const BACKTICK = 96;
const TILDE = 126;
const SPACE = 32;
const NEWLINE = 10;

/**
 * Where a run may end, found by one simple search: irregexp scans for these far faster than it
 * tries the rule's lazy loop of alternatives at each character. Each candidate is then checked
 * as the rule would (a "www." needs a space or delimiter before it, a line break and a scheme
 * need a character of the run before them).
 */
const CANDIDATE = /[\\<![`*~_]|[hH][tT][tT][pP]|[fF][tT][pP]:\/\/|www\.| {2,}\n|(?:mailto|xmpp):/g;

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Whether `text` at `at` is two or more spaces and a line feed (a hard line break ahead). */
function hardBreakAt(text: string, at: number): boolean {
  let end = at;
  while (text.charCodeAt(end) === SPACE) end += 1;
  return end - at >= 2 && text.charCodeAt(end) === NEWLINE;
}

function schemeAt(text: string, at: number): boolean {
  return text.startsWith("mailto:", at) || text.startsWith("xmpp:", at);
}

/**
 * The length of the run of plain text at the start of `text` (not empty, without an "@") that
 * marked's GFM inline-text rule matches, found without the rule. The rule, with its email
 * alternatives left out (they cannot match without an "@"), reads:
 *
 *     [^a-zA-Z0-9](?=(?:mailto|xmpp):)
 *   | (`+|~+|[^`~]) ( (?=[`~]) | (?= {2,}\n) | [\s\S]*? ( (?=[\\<!\[`*~_]|\b_|http|ftp:\/\/|www\.|$)
 *                                                      | [^ ](?= {2,}\n)
 *                                                      | [^a-zA-Z0-9](?=(?:mailto|xmpp):) ) )
 *
 * and the branches below follow it in the same order. The lazy loop ends at the first
 * character at which one of its three alternatives holds: the first candidate that passes.
 */
export function plainTextEnd(text: string): number {
  const first = text.charCodeAt(0);
  if (!isAsciiAlphanumeric(first) && schemeAt(text, 1)) return 1;
  // The first unit: a whole run of backticks or tildes (the rest always matches after it, so
  // the run is never shortened), or one other character.
  let start = 1;
  if (first === BACKTICK || first === TILDE) {
    while (text.charCodeAt(start) === first) start += 1;
  }
  const next = text.charCodeAt(start);
  if (next === BACKTICK || next === TILDE || hardBreakAt(text, start)) return start;
  CANDIDATE.lastIndex = start;
  for (let found = CANDIDATE.exec(text); found !== null; found = CANDIDATE.exec(text)) {
    const at = found.index;
    CANDIDATE.lastIndex = at + 1;
    const code = text.charCodeAt(at);
    if (code === SPACE) {
      // "[^ ] then a line break": the search finds a run of spaces at its first space, which
      // is past the start (a break there ended the run above), so a non-space comes before.
      return at;
    }
    if (code === 109 /* m */ || code === 120 /* x */) {
      // "[^a-zA-Z0-9] then a scheme": the character before must be the run's, and not alphanumeric.
      if (at > start && !isAsciiAlphanumeric(text.charCodeAt(at - 1))) return at;
    } else if (code !== 119 /* w */ || /[\s*_~(]/.test(text.charAt(at - 1))) {
      return at;
    }
  }
  return text.length;
}

/** The rule's match in the shape marked reads from it (`[0]`), found by `plainTextEnd`. */
const PLAIN_TEXT = {
  exec: (text: string) => [text.slice(0, plainTextEnd(text))],
};

const marksInlineText = Tokenizer.prototype.inlineText;
const FAST_RULES = { inline: { text: PLAIN_TEXT } };

/** A line of "=" or "-" alone, the underline every setext heading ends with. */
const SETEXT_UNDERLINE = /\n {0,3}(?:=+|-+)[ \t]*(?:\n|$)/;

/**
 * Whether the second line of `text` starts as a table's delimiter row does (` |:-`): the table
 * rule's first two lines are a line of text and that row.
 */
function delimiterRowSecond(text: string): boolean {
  let at = text.indexOf("\n") + 1;
  if (at === 0) return false;
  for (let spaces = 0; spaces < 3 && text.charCodeAt(at) === SPACE; spaces += 1) at += 1;
  if (text.charCodeAt(at) === 124 /* | */) {
    at += 1;
    while (text.charCodeAt(at) === SPACE) at += 1;
  }
  if (text.charCodeAt(at) === 58 /* : */) at += 1;
  return text.charCodeAt(at) === 45 /* - */;
}

/** Only lexers on marked's GFM rules (not `breaks`, not pedantic) take the shortcuts. */
function onGfmRules(tokenizer: Tokenizer): boolean {
  return tokenizer.rules.inline.text === GFM_TEXT;
}

/**
 * The extension that gives a Marked instance the shortcuts. Returning false hands the source to
 * marked's own tokenizer; returning undefined says the rule does not match here.
 */
export const markedShortcuts: MarkedExtension = {
  tokenizer: {
    inlineText(this: Tokenizer, src: string) {
      if (!onGfmRules(this) || src.includes("@")) return false;
      // marked's inlineText reads only its rules and the lexer's state.
      return marksInlineText.call({ rules: FAST_RULES, lexer: this.lexer } as never, src) ?? false;
    },
    lheading(this: Tokenizer, src: string) {
      if (!onGfmRules(this) || SETEXT_UNDERLINE.test(src)) return false;
      return undefined;
    },
    table(this: Tokenizer, src: string) {
      if (!onGfmRules(this) || delimiterRowSecond(src)) return false;
      return undefined;
    },
  },
};

/** The GFM inline-text rule, for the tests that compare `plainTextEnd` with it. */
export const GFM_TEXT_RULE = GFM_TEXT;
