import { describe, expect, it } from "vitest";
import { TOC_MIN_HEADINGS, TOC_MIN_MINUTES } from "./headings.ts";
import { postToc, renderMarkdown, renderMarkdownSanitised, tableOfContents } from "./markdown.ts";
import { sanitize } from "./sanitize.ts";

const BODY = [
  "Intro.",
  "## Why **first replies** matter",
  "### Measure it",
  "#### Too deep for the contents",
  "## Why first replies matter",
  "## [Linked](/inbox/) `code` heading",
].join("\n\n");

describe("tableOfContents", () => {
  it("lists h2 and h3 headings as plain text with unique ids", () => {
    expect(tableOfContents(BODY)).toEqual([
      { id: "why-first-replies-matter", text: "Why first replies matter", level: 2 },
      { id: "measure-it", text: "Measure it", level: 3 },
      { id: "why-first-replies-matter-2", text: "Why first replies matter", level: 2 },
      { id: "linked-code-heading", text: "Linked code heading", level: 2 },
    ]);
  });

  it("uses the ids the rendered HTML carries", () => {
    const html = renderMarkdown(BODY);
    for (const entry of tableOfContents(BODY)) expect(html).toContain(`id="${entry.id}"`);
    expect(html).toContain('<h4 id="too-deep-for-the-contents">');
    expect(html).toContain(
      '<h2 id="why-first-replies-matter">Why <strong>first replies</strong> matter</h2>',
    );
  });

  it("leaves headings without ids when asked (rich-text sections carry their own anchor)", () => {
    const html = renderMarkdown(BODY, { headingIds: false });
    expect(html).not.toContain(" id=");
    expect(html).toContain("<h2>Why <strong>first replies</strong> matter</h2>");
  });
});

describe("postToc", () => {
  it("shows a long post's contents only when it has enough headings", () => {
    const headings = (count: number) =>
      Array.from({ length: count }, (_, at) => `## Step ${at + 1}\n\nText.`).join("\n\n");
    expect(postToc(TOC_MIN_MINUTES, headings(TOC_MIN_HEADINGS))).toHaveLength(TOC_MIN_HEADINGS);
    expect(postToc(TOC_MIN_MINUTES, headings(TOC_MIN_HEADINGS - 1))).toEqual([]);
    expect(postToc(TOC_MIN_MINUTES - 1, headings(TOC_MIN_HEADINGS))).toEqual([]);
  });
});

describe("tables", () => {
  it("scroll in a box of their own that takes the keyboard focus, through the sanitiser too", () => {
    const html = renderMarkdown("| Plan | Price |\n|---|---|\n| Plus | $40 |\n");
    expect(html).toMatch(/^<div class="table-scroll" tabindex="0"><table>\n<thead>/);
    expect(html).toContain("<td>$40</td>");
    expect(renderMarkdownSanitised("<div>\n\n| a |\n|---|\n| 1 |\n\n</div>")).toContain(
      '<div class="table-scroll" tabindex="0"><table>',
    );
  });

  it("leave content no other tabindex: only the table box keeps one, and only 0", () => {
    expect(
      sanitize(
        '<div tabindex="3" class="callout">a</div><div tabindex="0">b</div><div class="table-scroll" tabindex="-1">c</div>',
      ),
    ).toBe('<div class="callout">a</div><div>b</div><div class="table-scroll">c</div>');
  });
});
