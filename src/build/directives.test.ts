import { describe, expect, it } from "vitest";
import { expandCallouts, expandDataDirectives, subprocessorTable } from "./directives.ts";
import { renderMarkdown } from "./markdown.ts";

const subprocessors = [
  {
    name: "Amazon Web Services",
    purpose: "Hosting",
    location: "US",
    website: "https://aws.amazon.com",
  },
  { name: "Pipe | Co", purpose: "Email", location: "EU" },
];

describe("Markdown directives", () => {
  it("renders a callout as a boxed div with Markdown inside", () => {
    const html = renderMarkdown("Intro.\n\n:::callout\nSign the **BAA** first.\n:::\n\nAfter.");
    expect(html).toContain('<div class="callout">');
    expect(html).toContain("<strong>BAA</strong>");
    expect(html).toMatch(/<\/div><p>After.<\/p>\s*$/);
  });

  it("leaves text without a callout alone", () => {
    expect(expandCallouts("::: not a callout")).toBe("::: not a callout");
  });

  it("replaces ::subprocessors with the table from site data", () => {
    const markdown = expandDataDirectives("Our list:\n\n::subprocessors\n", { subprocessors });
    expect(markdown).toContain(subprocessorTable(subprocessors));
    const html = renderMarkdown(markdown);
    expect(html).toContain("<table>");
    expect(html).toContain('<a href="https://aws.amazon.com">Amazon Web Services</a>');
    expect(html).toContain("Pipe | Co");
  });

  it("fails when the directive is used without data", () => {
    expect(() => expandDataDirectives("::subprocessors", { subprocessors: [] })).toThrow(
      /subprocessors\.json/,
    );
    expect(expandDataDirectives("no directive", { subprocessors: [] })).toBe("no directive");
  });
});
