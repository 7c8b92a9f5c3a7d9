import { readFileSync } from "node:fs";
import fc from "fast-check";
import { Lexer, Marked } from "marked";
import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "./front-matter.ts";
import { fastInlineText, TEXT_WITHOUT_EMAIL } from "./markdown-text.ts";
import { contentMarkdownFiles } from "./test-content.ts";

const marks = new Marked({ gfm: true, async: false });
const fast = new Marked(fastInlineText, { gfm: true, async: false });

/** The two lexers' tokens for a document, which must be the same. */
function expectSameTokens(markdown: string) {
  expect(fast.lexer(markdown), markdown).toEqual(marks.lexer(markdown));
}

describe("the inline-text shortcut", () => {
  it("is in use with the marked installed: its rule is marked's without the email lookaheads", () => {
    const rule = Lexer.rules.inline.gfm.text;
    expect(TEXT_WITHOUT_EMAIL).not.toBeNull();
    expect(rule.source).toContain("+@)");
    expect(TEXT_WITHOUT_EMAIL?.source).not.toContain("@");
    expect(TEXT_WITHOUT_EMAIL?.source.length).toBeLessThan(rule.source.length);
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
  ])("lexes %j as marked does", (markdown) => {
    expectSameTokens(markdown);
  });

  it("leaves a lexer on another rule (breaks, pedantic) to marked", () => {
    for (const options of [{ breaks: true }, { pedantic: true }]) {
      const plain = new Marked({ gfm: true, async: false, ...options });
      const shortcut = new Marked(fastInlineText, { gfm: true, async: false, ...options });
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
