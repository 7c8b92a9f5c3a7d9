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
