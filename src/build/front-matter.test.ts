import { readFileSync } from "node:fs";
import matter from "gray-matter";
import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "./content.ts";
import { ContentError } from "./content-error.ts";
import { FrontMatterError, splitFrontMatter } from "./front-matter.ts";
import { contentMarkdownFiles } from "./test-content.ts";

describe("splitFrontMatter", () => {
  it("splits every Markdown file of the site's content as gray-matter did", () => {
    const files = contentMarkdownFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const theirs = matter(text, {});
      const ours = splitFrontMatter(text);
      expect({ file, data: ours.data, body: ours.body }).toEqual({
        file,
        data: theirs.data,
        body: theirs.content,
      });
    }
  });

  it("keeps the body as written after the closing line, its first blank line included", () => {
    expect(splitFrontMatter("---\ntitle: Pricing\n---\n\n# Plans\n")).toEqual({
      data: { title: "Pricing" },
      body: "\n# Plans\n",
    });
  });

  it("reads a file saved with Windows line endings or a byte-order mark like any other", () => {
    const unix = splitFrontMatter("---\ntitle: Pricing\ntags: [a, b]\n---\nBody\n");
    expect(splitFrontMatter("---\r\ntitle: Pricing\r\ntags: [a, b]\r\n---\r\nBody\n")).toEqual(
      unix,
    );
    expect(splitFrontMatter("\ufeff---\ntitle: Pricing\ntags: [a, b]\n---\nBody\n")).toEqual(unix);
  });

  it("closes on a line that is exactly ---, trailing blanks allowed, not on dashes inside a value", () => {
    const text = "---\ntitle: A\nnote: |\n  ----\n  ---x\n--- \nBody";
    expect(splitFrontMatter(text)).toEqual({
      data: { title: "A", note: "----\n---x\n" },
      body: "Body",
    });
  });

  it("treats a file without front matter as all body", () => {
    expect(splitFrontMatter("# Just a heading\n\n---\n")).toEqual({
      data: {},
      body: "# Just a heading\n\n---\n",
    });
    // "----" is a thematic break, not an opening.
    expect(splitFrontMatter("----\ntitle: A\n---\n").data).toEqual({});
  });

  it("gives empty data for an empty block or one of comments only", () => {
    expect(splitFrontMatter("---\n---\nBody")).toEqual({ data: {}, body: "Body" });
    expect(splitFrontMatter("---\n# draft, fields to come\n---\nBody")).toEqual({
      data: {},
      body: "Body",
    });
  });

  it("refuses a block that never closes, instead of making the whole file front matter", () => {
    expect(() => splitFrontMatter("---\ntitle: A\n\n# Heading\n")).toThrow(FrontMatterError);
  });

  it("refuses front matter that is not a mapping of fields", () => {
    expect(() => splitFrontMatter("---\n- a\n- b\n---\n")).toThrow(/not a mapping/);
    expect(() => splitFrontMatter("---\njust words\n---\n")).toThrow(/not a mapping/);
  });
});

describe("parseFrontMatter", () => {
  it("names the file and the problem when the YAML is broken or the block unclosed", () => {
    const problems = (text: string) => {
      try {
        parseFrontMatter(text, "content/posts/broken.md");
      } catch (error) {
        expect(error).toBeInstanceOf(ContentError);
        return (error as ContentError).message;
      }
      throw new Error("expected a ContentError");
    };
    expect(problems("---\ntitle: [unclosed\n---\n")).toMatch(
      /content\/posts\/broken\.md[\s\S]*front matter is not valid YAML/,
    );
    expect(problems("---\ntitle: A\n")).toMatch(/broken\.md[\s\S]*no line "---" closes it/);
  });

  it("turns YAML dates into the date strings the schemas expect", () => {
    expect(parseFrontMatter("---\ndate: 2026-09-14\n---\n", "a.md").data).toEqual({
      date: "2026-09-14",
    });
  });
});
