import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ENCODED_VALUE_LENGTH } from "./constants.ts";
import {
  cleanValue,
  ENCODED_VALUE_PATTERN,
  encodeValue,
  keepsPageHost,
  parseHttpUrl,
} from "./values.ts";

describe("cleanValue", () => {
  it.each([
    ["  spaced  ", "spaced"],
    ["tab\tand\nnewline\u0000", "tabandnewline"],
    ["lone \ud800 surrogate", "lone  surrogate"],
    ["pair 🚀 kept", "pair 🚀 kept"],
    [42, ""],
    [undefined, ""],
  ])("%j → %j", (input, output) => {
    expect(cleanValue(input)).toBe(output);
  });

  it("caps by encoded length and is idempotent", () => {
    const capped = cleanValue(`${"a ".repeat(200)}`);
    expect(encodeValue(capped).length).toBeLessThanOrEqual(MAX_ENCODED_VALUE_LENGTH);
    expect(cleanValue(capped)).toBe(capped);
  });
});

describe("encodeValue", () => {
  it("escapes every separator and quote character", () => {
    expect(encodeValue("a|b=c~~d!'()* é")).toBe("a%7Cb%3Dc%7E%7Ed%21%27%28%29%2A%20%C3%A9");
    expect(encodeValue("a|b=c~~d!'()* é")).toMatch(ENCODED_VALUE_PATTERN);
  });
});

describe("parseHttpUrl", () => {
  /** The parser without the quick check for relative values: the answer must not change. */
  function reference(value: string, base?: string): string | null {
    try {
      const url = base === undefined ? new URL(value) : new URL(value, base);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch {
      return null;
    }
  }
  const VALUES = [
    "https://secure.harbordesk.example/members/register/plus/",
    "http://harbordesk.example/pricing/?a=1#x",
    "HTTPS://Example.com/",
    "  https://example.com/leading-space",
    "\u0000\u001fhttps://example.com/leading-controls",
    "ht\ttps://example.com/tab-inside-the-scheme",
    "https\n://example.com/newline-before-the-colon",
    "https:example.com",
    "http:/one-slash",
    "/pricing/",
    "//cdn.example.com/protocol-relative",
    "#contact-us",
    "?q=1",
    "pricing/",
    "mailto:support@harbordesk.example",
    "javascript:alert(1)",
    "ftp://example.com/",
    "https://",
    "https://exa mple.com/",
    " ",
  ];

  it("answers every value as the URL parser would, relative or absolute", () => {
    for (const value of VALUES) {
      expect(parseHttpUrl(value)?.href ?? null, JSON.stringify(value)).toBe(reference(value));
      const base = "https://harbordesk.example/blog/post/";
      expect(parseHttpUrl(value, base)?.href ?? null, JSON.stringify(value)).toBe(
        reference(value, base),
      );
    }
  });

  it("answers relative values without a base with null, and non-strings with null", () => {
    expect(parseHttpUrl("/pricing/")).toBeNull();
    expect(parseHttpUrl("")).toBeNull();
    expect(parseHttpUrl(42)).toBeNull();
    expect(parseHttpUrl("/pricing/", "https://harbordesk.example/")?.href).toBe(
      "https://harbordesk.example/pricing/",
    );
  });
});

describe("keepsPageHost", () => {
  const page = "https://harbordesk.example/pricing/?plan=plus#faq";

  it("answers for the usual shapes of link", () => {
    for (const href of ["/pricing/", "pricing/", "../", "?q=1", "#top", "", " /a", "a//b"]) {
      expect(keepsPageHost(href), href).toBe(true);
    }
    for (const href of [
      "https://secure.harbordesk.example/members/register/",
      "HTTP://x.example",
      "//secure.harbordesk.example/",
      "\\\\secure.harbordesk.example/",
      "/\\x.example/",
      "/\t/secure.harbordesk.example/",
      " \n//x.example",
      "mailto:hello@harbordesk.example",
      "javascript:void(0)",
    ]) {
      expect(keepsPageHost(href), href).toBe(false);
    }
  });

  it("never says so of a link the URL parser sends to another host", () => {
    const char = fc.constantFrom(
      ..."/\\:?#@.%ab-x1 \t\n\r\u0000\u001f".split(""),
      "https:",
      "http:",
      "//",
      "x.example",
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (parts) => {
        const href = parts.join("");
        if (!keepsPageHost(href)) return;
        let host: string | null = null;
        try {
          host = new URL(href, page).hostname;
        } catch {
          return; // the parser refuses it: no host at all
        }
        expect(host, JSON.stringify(href)).toBe("harbordesk.example");
      }),
      { numRuns: 5000 },
    );
  });
});
