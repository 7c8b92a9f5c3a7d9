import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendQuery,
  LINK_PLACEHOLDERS,
  type PlaceholderSettings,
  resolveLinkPlaceholders,
} from "./link-placeholders.ts";

const settings: PlaceholderSettings = {
  demoUrl: "/lp/get-a-demo/",
  signupPlusUrl: "https://secure.example/members/register/plus/",
  loginUrl: "https://secure.example/members/login/?from=site",
  appUrl: "https://secure.example",
  supportEmail: "help@example.com",
};

describe("resolveLinkPlaceholders", () => {
  it("resolves the documented names inside Markdown links", () => {
    const text =
      "[Book a demo]({{demo}}), [start]({{signup}}), [log in]({{ login }}), [app]({{app}}), " +
      "[mail]({{support}}), [chat]({{chat}}), [answers]({{answers}})";
    expect(resolveLinkPlaceholders(text, settings)).toBe(
      "[Book a demo](/lp/get-a-demo/), [start](https://secure.example/members/register/plus/), " +
        "[log in](https://secure.example/members/login/?from=site), [app](https://secure.example), " +
        "[mail](mailto:help@example.com), [chat](#contact-us), [answers](#open-beacon)",
    );
  });

  it("keeps a query string written after the placeholder", () => {
    expect(resolveLinkPlaceholders("[Plus]({{signup}}?plan=plus&seats=3)", settings)).toBe(
      "[Plus](https://secure.example/members/register/plus/?plan=plus&seats=3)",
    );
  });

  it("merges the query with one the URL already has", () => {
    expect(resolveLinkPlaceholders("({{login}}?next=/inbox)", settings)).toBe(
      "(https://secure.example/members/login/?from=site&next=/inbox)",
    );
  });

  it("stops the query at the end of the Markdown link", () => {
    expect(resolveLinkPlaceholders("[a]({{demo}}?x=1) and more", settings)).toBe(
      "[a](/lp/get-a-demo/?x=1) and more",
    );
  });

  it("leaves text without placeholders unchanged", () => {
    const text = "No {braces} or {{ }} here, and {{1bad}}.";
    expect(resolveLinkPlaceholders(text, settings)).toBe(text);
  });

  it("finds a placeholder that starts a character after a `{{`", () => {
    expect(resolveLinkPlaceholders("({{{demo}}) {{{{app}}}", settings)).toBe(
      "({/lp/get-a-demo/) {{https://secure.example}",
    );
  });

  it("resolves as one replace of the pattern along the whole text would", () => {
    // The definition, run along every character: what the build did before it looked for
    // `{{` first.
    const everywhere = (text: string) =>
      text.replace(
        /\{\{\s*([A-Za-z][\w-]*)\s*\}\}(\?[^\s)"'<>#]*)?/g,
        (_match, name: string, query: string | undefined) =>
          appendQuery(
            (LINK_PLACEHOLDERS[name] as (s: PlaceholderSettings) => string)(settings),
            query ?? "",
          ),
      );
    const piece = fc.oneof(
      fc.constantFrom("{{", "}}", "{", "}", " ", "?", "=", ")", "#", "demo", "app", "x-1", "\n"),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join("");
        let expected: string;
        try {
          expected = everywhere(text);
        } catch {
          // An unknown name: both throw (the case above).
          expect(() => resolveLinkPlaceholders(text, settings)).toThrow(/Unknown link placeholder/);
          return;
        }
        expect(resolveLinkPlaceholders(text, settings)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("rejects unknown names, listing the known ones", () => {
    expect(() => resolveLinkPlaceholders("[x]({{dmeo}})", settings)).toThrow(
      /Unknown link placeholder \{\{dmeo\}\}\. Use one of: demo, signup, login/,
    );
  });

  it("documents every name in docs/content.md", async () => {
    const { readFile } = await import("node:fs/promises");
    const docs = await readFile(new URL("../../docs/content.md", import.meta.url), "utf8");
    for (const name of Object.keys(LINK_PLACEHOLDERS)) expect(docs).toContain(`{{${name}}}`);
  });
});

describe("appendQuery", () => {
  it("puts the query before a hash", () => {
    expect(appendQuery("/pricing/#faq", "?a=1")).toBe("/pricing/?a=1#faq");
    expect(appendQuery("/pricing/?", "a=1")).toBe("/pricing/?a=1");
    expect(appendQuery("/pricing/", "")).toBe("/pricing/");
  });
});
