import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countWords, READING_WORDS_PER_MINUTE, readingTimeMinutes } from "./reading-time.ts";

describe("countWords", () => {
  it("counts link text but not link targets, images, code fences or markup", () => {
    const markdown = [
      "## Two words",
      "Read the [knowledge base guide](/knowledge-base/) today.",
      "![A chart](/images/chart.png)",
      "```ts\nconst ignored = true;\n```",
      "- **bold** item",
    ].join("\n\n");
    // Two words · Read the knowledge base guide today · bold item
    expect(countWords(markdown)).toBe(2 + 6 + 2);
  });

  it("counts what splitting on whitespace counts, Unicode spaces included", () => {
    const piece = fc.constantFrom(
      "word",
      "ö",
      " ",
      "\n",
      "\t",
      "\u00a0",
      "\u2003",
      "\u3000",
      "\ufeff",
      // Below U+00A0 only ASCII whitespace is a space; U+0085 is not one for `\s`.
      "\u007f",
      "\u0085",
      "\u009f",
      "x1",
      ".",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(countWords(text)).toBe(text.split(/\s+/).filter(Boolean).length);
      }),
    );
  });

  it("counts what removing the syntax and splitting on whitespace counts", () => {
    // The passes countWords used to make over every body, one after the other.
    const reference = (markdown: string) =>
      markdown
        .replace(/```[\s\S]*?```/g, " ")
        .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/<[^>]+>/g, " ")
        .replace(/[#>*_`|~-]+/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
    const piece = fc.constantFrom(
      "word",
      " ",
      "\n",
      "```",
      "![",
      "[",
      "]",
      "(",
      ")",
      "](",
      "<",
      ">",
      "#",
      "*",
      "_",
      "`",
      "|",
      "~",
      "-",
      "a-b",
      "é",
      "\u00a0",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const markdown = pieces.join("");
        expect(countWords(markdown)).toBe(reference(markdown));
      }),
      { numRuns: 2000 },
    );
  });

  it("is 0 for an empty body", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("  \n\n ## \n")).toBe(0);
  });
});

describe("readingTimeMinutes", () => {
  const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");

  it("rounds to whole minutes at the reading speed", () => {
    expect(readingTimeMinutes(words(READING_WORDS_PER_MINUTE * 3))).toBe(3);
    expect(readingTimeMinutes(words(Math.round(READING_WORDS_PER_MINUTE * 4.6)))).toBe(5);
  });

  it("never says less than a minute", () => {
    expect(readingTimeMinutes("")).toBe(1);
    expect(readingTimeMinutes(words(10))).toBe(1);
  });

  it("takes another speed", () => {
    expect(readingTimeMinutes(words(600), 200)).toBe(3);
  });
});
