import { readFileSync } from "node:fs";
import fc from "fast-check";
import { Marked } from "marked";
import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "./front-matter.ts";
import { GFM_TEXT_RULE, markedShortcuts, plainTextEnd } from "./markdown-text.ts";
import { contentMarkdownFiles } from "./test-content.ts";

const marks = new Marked({ gfm: true, async: false });
const fast = new Marked(markedShortcuts, { gfm: true, async: false });

/** The two lexers' tokens for a document, which must be the same. */
function expectSameTokens(markdown: string) {
  expect(fast.lexer(markdown), markdown).toEqual(marks.lexer(markdown));
}

/** Pieces of text where the inline-text rule may end a run, or almost does. */
const TEXT_PIECES = [
  " ",
  "  \n",
  " \n",
  "\n",
  "mailto:",
  "xmpp:",
  "Xmpp:",
  "www.",
  "(www.",
  "*www.",
  "\u00a0www.",
  "http://",
  "HTTPS",
  "htt",
  "ftp://",
  "FTP://",
  "ftp:/",
  "_",
  "*",
  "~",
  "~~",
  "`",
  "``",
  "\\",
  "<",
  "!",
  "[",
  "a",
  "Z9",
  "—",
  "\ud83d\ude00",
];

describe("the inline-text shortcut", () => {
  it("ends a run of text without an @ where marked's rule does", () => {
    const piece = fc.oneof(fc.constantFrom(...TEXT_PIECES), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 16 }).map((parts) => parts.join("")),
        (text) => {
          fc.pre(text.length > 0 && !text.includes("@"));
          expect(plainTextEnd(text), JSON.stringify(text)).toBe(
            GFM_TEXT_RULE.exec(text)?.[0].length,
          );
        },
      ),
      { numRuns: 5000 },
    );
  });

  it.each([
    "plain words to the end",
    "```code",
    "~~~x",
    "a  \nb",
    "a \nb",
    "x mailto:a",
    " xmpp:a",
    "see http://x and more",
    "Ahttpb",
    "wordwww.x",
    "(www.x)",
    "go ftp://x",
  ])("ends the run in %j where marked's rule does", (text) => {
    expect(plainTextEnd(text)).toBe(GFM_TEXT_RULE.exec(text)?.[0].length);
  });

  it("lexes every Markdown file of the site as marked does", () => {
    const files = contentMarkdownFiles();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expectSameTokens(splitFrontMatter(readFileSync(file, "utf8")).body);
  });

  it.each([
    "Write to support@harbordesk.example or mailto:team@harbordesk.example today.",
    "See www.harbordesk.example, https://harbordesk.example/docs and ftp://files.example.",
    "Plain http without a scheme ends text too: httpx, FTPS.",
    "A line ending in two spaces  \nand a break, snake_case and __strong__ words.",
    "Entities: &#38; &#x26; &amp; & a bare ampersand, &#0; and &#1114112;.",
    "~~struck~~ `code` *em* [link](/pricing/) ![img](/a.png) <span>raw</span> \\* escaped.",
    "Ünïcödé — “quotes” and emoji 😀 next to_underscores_.",
    "Setext heading\n===\n\nAnd another\n---\n",
    "Not a heading\n= x\n\nA rule after text\n\n---\n",
    "| Plan | Seats |\n| --- | ---: |\n| Team | 5 |\n",
    "Plan | Seats\n:-- | --\nTeam | 5\n",
    "No table\n- a list item\n-still text\n",
    "Two lines\n   |  :- not quite a table\n",
  ])("lexes %j as marked does", (markdown) => {
    expectSameTokens(markdown);
  });

  it("leaves a lexer on another rule (breaks, pedantic) to marked", () => {
    for (const options of [{ breaks: true }, { pedantic: true }]) {
      const plain = new Marked({ gfm: true, async: false, ...options });
      const shortcut = new Marked(markedShortcuts, { gfm: true, async: false, ...options });
      for (const markdown of [
        "Two spaces  \nand a line\nbreak, snake_case, www.x.example",
        "a\nb",
      ]) {
        expect(shortcut.lexer(markdown), markdown).toEqual(plain.lexer(markdown));
      }
    }
  });

  it("lexes generated documents as marked does, with and without an @", () => {
    const pieces = fc.constantFrom(
      " ",
      "  \n",
      "\n\n",
      "@",
      "a@b.example",
      "mailto:",
      "xmpp:",
      "www.",
      "http://",
      "https",
      "ftp://",
      "_",
      "__",
      "*",
      "~",
      "`",
      "\\",
      "<",
      ">",
      "!",
      "[",
      "](/x)",
      "&#38;",
      "&",
      "word",
      "Ünï",
      "— ",
      ".",
      "-",
      "1.",
      "\n===",
      "\n---",
      "\n- ",
      "|",
      " | ",
      "\n| --- |",
      "\n:--|--",
      ":",
      "\n   ",
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 8 })), { maxLength: 24 }),
        (parts) => {
          expectSameTokens(parts.join(""));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
