import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collapseWhitespace, termsOf } from "../search/index.ts";
import {
  MarkupScanner,
  searchBodyOfMain,
  searchRecordOf,
  searchRecordOfMain,
  Token,
} from "./search-record.ts";

const page = (main: string) =>
  `<!doctype html><html lang="en"><head><title>A post | Harbor Desk</title><style>.x{color:red}</style></head><body><div id="___gatsby"><header><nav><a href="/">Home</a> Pricing</nav></header><main id="main-content">${main}</main><footer>© 2026 Harbor Desk</footer></div><script type="application/json" id="__hd_data">{"big":"data"}</script></body></html>`;

describe("a page's search record", () => {
  it("takes the marked body's text and its first heading, nothing from the shell, CSS or data", () => {
    const record = searchRecordOf(
      page(
        "<nav>Breadcrumb</nav><article data-search-body><h1>Queues that <em>move</em></h1><p>Route by skill&nbsp;&amp; language.</p><ul><li>One</li><li>Two</li></ul></article><aside>Related</aside>",
      ),
    );
    expect(record).toEqual({
      title: "Queues that move",
      text: "Queues that move Route by skill & language. One Two",
    });
  });

  it("leaves out what the body marks data-search-ignore, scripts and buttons, however deep", () => {
    const record = searchRecordOf(
      page(
        '<article data-search-body><p>Kept <span data-search-ignore>dropped <b>too</b></span> after</p><div data-search-ignore><p>table of contents</p></div><button>Copy link</button><script>var x = 1;</script><p>End<br>line</p><img src="a.png" alt="x"><p>last</p></article>',
      ),
    );
    expect(record?.text).toBe("Kept after End line last");
  });

  it("falls back to the document title when the body has no h1", () => {
    expect(
      searchRecordOf(page("<article data-search-body><h2>Sub</h2><p>x</p></article>"))?.title,
    ).toBe("A post | Harbor Desk");
  });

  it("reads the first body only, however the attribute is mentioned before it", () => {
    const record = searchRecordOf(
      page(
        '<p>Templates mark it data-search-body.</p><a title="data-search-body" href="/x/">x</a><article data-search-body><h1>First</h1><div><p>Kept</p></div></article><section data-search-body><p>Second body</p></section><p>After</p>',
      ),
    );
    expect(record).toEqual({ title: "First", text: "First Kept" });
  });

  it("is null for a page with no search body", () => {
    expect(searchRecordOf(page("<h1>Pricing</h1><p>Plans</p>"))).toBeNull();
    // The attribute must be on an element, not merely in the text.
    expect(searchRecordOf(page("<p>data-search-body is how templates mark it</p>"))).toBeNull();
  });
});

describe("collapsing whitespace", () => {
  const piece = fc.constantFrom(
    "a",
    "word",
    "Queues",
    "Résumé",
    "24",
    "-",
    " ",
    "  ",
    "\n",
    "\t",
    "\r\n",
    "\u00a0",
    "\u2003",
    "\u3000",
    "é",
  );

  it("gives every run of whitespace as one space, trimmed, as replacing each run does", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, " ").trim());
      }),
      { numRuns: 2000 },
    );
  });

  // The index counts a body's terms before its whitespace is collapsed (searchBodyOfMain).
  it("changes none of a text's index terms", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(termsOf(collapseWhitespace(text))).toEqual(termsOf(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the markup scanner", () => {
  /** The expression the scanner reads markup as (its doc comment), as the reference. */
  const TOKEN = /<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>|<!--[\s\S]*?-->|([^<]+)|</g;

  const byExpression = (markup: string, from: number) => {
    const tokens: unknown[] = [];
    TOKEN.lastIndex = from;
    for (let match = TOKEN.exec(markup); match !== null; match = TOKEN.exec(markup)) {
      const [, closing, name, attributes = "", selfClosing, run] = match;
      if (run !== undefined) tokens.push(["text", run]);
      else if (name === undefined) tokens.push(["other"]);
      else tokens.push(["tag", name, closing === "/", attributes, selfClosing === "/"]);
    }
    return tokens;
  };

  const byScanner = (markup: string, from: number) => {
    const tokens: unknown[] = [];
    const scanner = new MarkupScanner(markup, from);
    for (let token = scanner.next(); token !== Token.End; token = scanner.next()) {
      if (token === Token.Text) tokens.push(["text", scanner.text]);
      else if (token === Token.Other) tokens.push(["other"]);
      else {
        const { name, closing, attributes, selfClosing } = scanner;
        tokens.push(["tag", name, closing, attributes, selfClosing]);
      }
    }
    return tokens;
  };

  it("reads tags, comments, text and stray brackets as the expression matches them", () => {
    // Pieces that make tags, broken tags, comments and text run into each other.
    const piece = fc.constantFrom(
      "<",
      ">",
      "/",
      "</",
      "/>",
      "<!--",
      "-->",
      "-",
      "!",
      "p",
      "h1",
      "data-x",
      "_a",
      "9",
      " ",
      "\n",
      '="v"',
      "é",
      "text",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), fc.nat(4), (pieces, skip) => {
        const markup = pieces.join("");
        const from = Math.min(skip, markup.length);
        expect(byScanner(markup, from)).toEqual(byExpression(markup, from));
      }),
      { numRuns: 5000 },
    );
  });

  it("reads a real page's markup as the expression does", () => {
    const markup = page(
      '<article data-search-body><h1 class="t">A <em>b</em></h1><br/><img src="x.png" alt="y" /><!-- note --><p>x &amp; y</p></article>',
    );
    const tokens = byScanner(markup, 0);
    expect(tokens).toEqual(byExpression(markup, 0));
    expect(tokens).toContainEqual(["tag", "img", false, ' src="x.png" alt="y" ', true]);
    expect(tokens).toContainEqual(["tag", "h1", true, "", false]);
  });
});

describe("a page's search body", () => {
  it("is its search record before the text's whitespace is collapsed", () => {
    const main = `<main><article data-search-body><h1>Queues\n  that <em>move</em></h1><p>Route by\tskill&nbsp;&amp;\n\nlanguage.</p><ul><li>One</li><li>Two</li></ul></article></main>`;
    const body = searchBodyOfMain(main, "A post | Harbor Desk");
    const record = searchRecordOfMain(main, "A post | Harbor Desk");
    expect(body?.title).toBe("Queues that move");
    expect(body?.title).toBe(record?.title);
    expect(body?.words).toContain("\t");
    expect(collapseWhitespace(body?.words ?? "")).toBe(record?.text);
    expect(searchBodyOfMain("<main><p>No body</p></main>", "x")).toBeNull();
  });
});
