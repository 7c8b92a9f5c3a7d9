import { Lexer, type MarkedExtension, Tokenizer } from "marked";

/**
 * A faster way through marked's GFM inline-text rule for text without an "@".
 *
 * The rule ends a run of plain text where something else may start. Two of its alternatives
 * look for an email address ahead (`[a-zA-Z0-9.!#$%&'*+/=?_`{|}~-]+@`) at every character, so
 * each character costs a scan to the end of its word: that one regular expression was the
 * largest single item of a render worker's profile. Without an "@" in the text those
 * alternatives can never match, so the rule without them finds the very same end; text with an
 * "@" goes through marked's own rule. The result is marked's own token either way (its
 * inlineText runs, with the other rule): markdown-text.test.ts lexes every Markdown file of
 * the site and generated documents both ways and compares the tokens.
 */
const EMAIL_LOCAL_PART = "[a-zA-Z0-9.!#$%&'*+\\/=?_`{\\|}~-]";
const EMAIL_AHEAD = [
  `|(?=${EMAIL_LOCAL_PART}+@)`,
  `|[^a-zA-Z0-9.!#$%&'*+\\/=?_\`{\\|}~-](?=${EMAIL_LOCAL_PART}+@)`,
];

function withoutEmailLookahead(rule: RegExp): RegExp | null {
  let source = rule.source;
  for (const alternative of EMAIL_AHEAD) {
    // Both must be there: a marked that spells its rule differently keeps its own rule.
    if (!source.includes(alternative)) return null;
    source = source.split(alternative).join("");
  }
  return new RegExp(source, rule.flags);
}

const GFM_TEXT = Lexer.rules.inline.gfm.text;
/** marked's GFM text rule without the email lookaheads, or null when it could not be made. */
export const TEXT_WITHOUT_EMAIL = withoutEmailLookahead(GFM_TEXT);

const marksInlineText = Tokenizer.prototype.inlineText;
const FAST_RULES = TEXT_WITHOUT_EMAIL ? { inline: { text: TEXT_WITHOUT_EMAIL } } : null;

/** The extension that gives a Marked instance the faster path (used only with GFM's own rule). */
export const fastInlineText: MarkedExtension = {
  tokenizer: {
    inlineText(this: Tokenizer, src: string) {
      // false: marked's own rule decides. Only a lexer on the GFM rule (not `breaks`, not
      // pedantic) has its rule without the lookaheads.
      if (!FAST_RULES || this.rules.inline.text !== GFM_TEXT || src.includes("@")) return false;
      // marked's inlineText reads only its rules and the lexer's state.
      return marksInlineText.call({ rules: FAST_RULES, lexer: this.lexer } as never, src) ?? false;
    },
  },
};
