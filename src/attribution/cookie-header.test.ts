import { describe, expect, it } from "vitest";
import { parseCookieHeader, serializeCookie } from "./cookie-header.ts";

describe("parseCookieHeader", () => {
  it("keeps raw values, undecoded, the first of a repeated name", () => {
    const jar = parseCookieHeader(
      'a=1; attr_last_touch=utmcsr=x%7Cy|utmccn=; a=2; q="quoted"; junk; =v',
    );
    expect({ ...jar }).toEqual({ a: "1", attr_last_touch: "utmcsr=x%7Cy|utmccn=", q: "quoted" });
  });

  it("treats __proto__ as an ordinary name", () => {
    const jar = parseCookieHeader("__proto__=x; constructor=y");
    const protoKey = "__proto__";
    expect(jar[protoKey]).toBe("x");
    expect(jar.constructor).toBe("y");
  });

  it.each([undefined, null, ""])("answers an empty jar for %j", (header) => {
    expect(Object.keys(parseCookieHeader(header))).toEqual([]);
  });
});

describe("serializeCookie", () => {
  const write = {
    name: "attr_last_url",
    value: "/pricing/",
    expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
    domain: "harbordesk.example",
    path: "/",
    sameSite: "Strict",
  } as const;

  it("carries expiry, path, domain and SameSite", () => {
    expect(serializeCookie(write)).toBe(
      "attr_last_url=/pricing/; expires=Wed, 02 Jan 2030 03:04:05 GMT; path=/; domain=harbordesk.example; SameSite=Strict",
    );
  });

  it("drops the domain for the host-only fallback", () => {
    expect(serializeCookie(write, true)).not.toContain("domain=");
  });
});
