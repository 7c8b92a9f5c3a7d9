import { readFileSync } from "node:fs";
import fc from "fast-check";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { cutFrontMatter } from "./front-matter.ts";
import { plainYamlMapping } from "./plain-yaml.ts";
import { contentMarkdownFiles } from "./test-content.ts";

/** Whatever the shortcut reads, js-yaml reads the same. */
function expectAsJsYaml(block: string): void {
  const plain = plainYamlMapping(block);
  if (plain !== null) expect(plain, block).toEqual(load(block));
}

describe("plainYamlMapping", () => {
  it("reads every front matter of the site's content that it takes as js-yaml does", () => {
    let taken = 0;
    for (const file of contentMarkdownFiles()) {
      const { block } = cutFrontMatter(readFileSync(file, "utf8"));
      if (block === null) continue;
      expectAsJsYaml(block);
      if (plainYamlMapping(block) !== null) taken += 1;
    }
    // The site's own files are a fair share of those it is for, not only generated ones.
    expect(taken).toBeGreaterThan(10);
  });

  it("reads a post's usual fields", () => {
    const block = [
      'title: "Synthetic post 1: Support # workflow, answer: handoff"',
      'description: "Queue — history ‘article’ é"',
      'date: "2020-01-01"',
      "author: author-1",
      "tags: [support, answer_2, Help-desk]",
      "related: []",
      "",
    ].join("\n");
    expect(plainYamlMapping(block)).toEqual({
      title: "Synthetic post 1: Support # workflow, answer: handoff",
      description: "Queue — history ‘article’ é",
      date: "2020-01-01",
      author: "author-1",
      tags: ["support", "answer_2", "Help-desk"],
      related: [],
    });
    expectAsJsYaml(block);
  });

  it.each([
    ["a boolean", "draft: true"],
    ["a boolean in capitals", "draft: FALSE"],
    ["null", "image: null"],
    ["a tilde", "image: ~"],
    ["a number", "order: 3"],
    ["an unquoted date", "date: 2020-01-01"],
    ["a comment", "# note\ntitle: x"],
    ["a trailing comment", "author: jane # editor"],
    ["an escape", 'title: "a \\" b"'],
    ["a single-quoted string", "title: 'x'"],
    ["a nested mapping", "image:\n  src: a.png"],
    ["a block list", "tags:\n  - a"],
    ["a name given twice", "title: a\ntitle: b"],
    ["two spaces after the colon", "title:  a"],
    ["a list without spaces", "tags: [a,b]"],
    ["a list item that is a boolean", "tags: [a, true]"],
    ["a tab in quotes", 'title: "a\tb"'],
    ["a Windows line end", "title: a\r"],
    ["no field at all", "\n\n"],
  ])("leaves %s to js-yaml", (_case, block) => {
    expect(plainYamlMapping(block)).toBeNull();
  });

  it("reads generated blocks as js-yaml does, or leaves them to it", () => {
    const name = fc.constantFrom("title", "tags", "author", "draft", "on", "null", "a-b", "x_1");
    const scalar = fc.oneof(
      fc.constantFrom(
        "yes",
        "no",
        "on",
        "off",
        "y",
        "NaN",
        "Infinity",
        "True",
        "tRUE",
        "nULL",
        "e5",
        "a1",
        "x-",
        "-x",
        ".5",
        "0x1F",
        "1e3",
        "2020-01-01",
        "a b",
        "a: b",
        "a #b",
        "<<",
        "&anchor",
        "*alias",
        "!tag",
        "|",
        ">",
        "'q'",
        '"q"',
        '"a\\nb"',
        '"\u0085"',
        '"\u2028"',
        '"😀"',
        '" lead and trail "',
        "",
      ),
      fc.string({ maxLength: 6 }),
      fc.string({ maxLength: 6 }).map((text) => `"${text}"`),
    );
    const value = fc.oneof(
      scalar,
      fc.array(scalar, { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
    );
    const line = fc.oneof(
      fc.tuple(name, value).map(([key, text]) => `${key}: ${text}`),
      fc.constantFrom("", "# comment", "  indented: x", "- item"),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        expectAsJsYaml(`${lines.join("\n")}\n`);
      }),
      { numRuns: 3000 },
    );
  });

  it("takes every block of simple fields it generates (the property above is not empty)", () => {
    const word = fc
      .stringMatching(/^[a-z][a-z0-9-]{0,8}$/)
      .filter((text) => !/^(?:true|false|null)$/.test(text));
    const field = fc.tuple(
      fc.stringMatching(/^[a-z][a-z_]{0,8}$/),
      fc.oneof(
        word,
        fc.stringMatching(/^[ -!#-[\]-~]{0,20}$/).map((text) => `"${text}"`),
        fc.array(word, { maxLength: 4 }).map((items) => `[${items.join(", ")}]`),
      ),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(field, { minLength: 1, maxLength: 6, selector: ([key]) => key }),
        (fields) => {
          const block = `${fields.map(([key, text]) => `${key}: ${text}`).join("\n")}\n`;
          const plain = plainYamlMapping(block);
          expect(plain, block).not.toBeNull();
          expect(plain, block).toEqual(load(block));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
