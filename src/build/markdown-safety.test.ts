import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parseDocument } from "htmlparser2";
import { Marked } from "marked";
import { describe, expect, it } from "vitest";
import { expandCallouts } from "./directives.ts";
import { splitFrontMatter } from "./front-matter.ts";
import { renderMarkdown, renderMarkdownSanitised } from "./markdown.ts";
import { builtSafely } from "./markdown-safety.ts";
import { sanitize } from "./sanitize.ts";
import { contentMarkdownFiles } from "./test-content.ts";

/**
 * The shortcut (markdown-safety.ts) is safe when, for every document it lets through, the HTML
 * is the very HTML the sanitiser made of it before: the same elements, attributes and text.
 * Compared as trees, since the sanitiser re-encodes entities ("&#39;" becomes "'").
 */
type ChildNode = ReturnType<typeof parseDocument>["children"][number];
type Tree = string | [name: string, attributes: [string, string][], children: Tree[]];

function treeOf(nodes: readonly ChildNode[]): Tree[] {
  const out: Tree[] = [];
  for (const node of nodes) {
    if (node.type === "text") {
      const last = out[out.length - 1];
      if (typeof last === "string") out[out.length - 1] = last + node.data;
      else out.push(node.data);
    } else if (node.type === "tag" || node.type === "script" || node.type === "style") {
      const attributes = Object.entries(node.attribs as Record<string, string>).sort(([a], [b]) =>
        a.localeCompare(b),
      );
      out.push([node.name, attributes, treeOf(node.children)]);
    } else {
      out.push(`<${node.type}>`);
    }
  }
  return out;
}
const tree = (html: string) => treeOf(parseDocument(html).children);

function expectSameAsSanitised(markdown: string) {
  for (const headingIds of [true, false]) {
    const html = renderMarkdown(markdown, { headingIds });
    expect(tree(html), markdown).toEqual(tree(renderMarkdownSanitised(markdown, { headingIds })));
    // And the sanitiser, given the shortcut's HTML, keeps all of it.
    expect(tree(sanitize(html)), markdown).toEqual(tree(html));
  }
}

const lexer = new Marked({ gfm: true, async: false });
const plain = (markdown: string) => builtSafely(lexer.lexer(expandCallouts(markdown)));

/** Everything the sanitiser must have its say on, one construct per document. */
const UNSAFE = [
  "[x](javascript:alert(1))",
  "[x](JAVASCRIPT:alert(1))",
  "[x](java&#115;cript:alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](vbscript:msgbox)",
  "[x](//evil.example/)",
  "[x](/\\evil.example/)",
  "[x](data:text/html,<script>alert(1)</script>)",
  "![x](data:image/svg+xml,<svg onload=alert(1)>)",
  "[x](ftp://files.example/)",
  "[x](relative/page)",
  "<script>alert(1)</script>",
  "Text <span onclick=alert(1)>here</span>.",
  "<img src=x onerror=alert(1)>",
  "<!-- a comment -->",
  "<div class='callout'>\n\nInside\n\n</div>",
  ":::callout\nA callout\n:::",
  "# A second h1",
  "Setext h1\n===",
  "- [ ] a task\n- [x] done",
  "3. starts at three\n4. four",
  "```c++\nint x;\n```",
  '```js" onmouseover="alert(1)\nx\n```',
];

const SAFE = [
  "Plain words, 'quoted' and \"double\", & ampersands, a < b > c, &copy; &amp; &#39;.",
  "## A heading\n\n### With `code` and **bold** and _em_ and ~~struck~~",
  "[site](/inbox/) [fragment](#top) [query](?q=1&x=2) [https](https://example.com/a?b=1&c=2 \"A 'title'\")",
  "[mail](mailto:help@harbordesk.example) [call](tel:+15550100) <https://example.com> www.example.com help@example.com",
  '![A cover](/img/cover.png "Cover") and [![linked image](/img/a.png)](/inbox/)',
  "1. one\n2. two\n\n- a\n  - nested\n- b",
  "> quote\n>\n> - list in quote",
  "```js\nconst x = '<b>';\n```\n\n```\nno language\n```\n\n    indented code",
  "| Left | Centre | Right |\n| :--- | :---: | ---: |\n| a | **b** | [c](/c/) |",
  "Line one  \nline two\n\n---\n\nAfter a rule",
  '[ref link][r]\n\n[r]: /pricing/ "Pricing"',
  "\\*not em\\* and \\<not a tag\\>",
  "#### h4\n\n##### h5\n\n###### h6",
];

describe("builtSafely", () => {
  it.each(UNSAFE)("sends %j to the sanitiser", (markdown) => {
    expect(plain(markdown)).toBe(false);
  });

  it.each(SAFE)("lets %j through", (markdown) => {
    expect(plain(markdown)).toBe(true);
  });
});

describe("renderMarkdown's shortcut", () => {
  it.each([...SAFE, ...UNSAFE])("renders %j as the sanitiser did", (markdown) => {
    expectSameAsSanitised(markdown);
  });

  it("renders every Markdown file of the site as the sanitiser did, most without it", () => {
    const files = contentMarkdownFiles();
    expect(files.length).toBeGreaterThan(20);
    let shortcut = 0;
    for (const file of files) {
      const body = splitFrontMatter(readFileSync(file, "utf8")).body;
      expectSameAsSanitised(body);
      if (plain(body)) shortcut += 1;
    }
    // The point of it: most real documents are plain.
    expect(shortcut).toBeGreaterThan(files.length / 2);
  });

  it("renders generated documents as the sanitiser did", () => {
    const pieces = fc.constantFrom(
      ...SAFE,
      ...UNSAFE,
      "\n\n",
      "\n",
      " ",
      "*",
      "_",
      "`",
      "[",
      "]",
      "(",
      ")",
      "<",
      ">",
      "&",
      "#",
      "|",
      "-",
    );
    const documents = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 12 })), { maxLength: 12 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(documents, (markdown) => {
        expectSameAsSanitised(markdown);
      }),
      { numRuns: 400 },
    );
  });

  it("adds the sanitiser's lazy loading to images it does not sanitise", () => {
    expect(renderMarkdown("![Inbox](/img/inbox.png)")).toBe(
      '<p><img loading="lazy" decoding="async" src="/img/inbox.png" alt="Inbox"></p>\n',
    );
  });
});
