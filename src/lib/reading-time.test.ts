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
