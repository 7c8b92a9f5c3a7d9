import { describe, expect, it } from "vitest";
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from "./constants.ts";
import { buildCsp, cacheControlFor, securityHeaders, withSecurityHeaders } from "./headers.ts";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("buildCsp", () => {
  it("locks scripts to our origin and forbids framing, plugins and base rewriting", () => {
    const csp = directives(buildCsp());
    // Our own files only: no eval, no inline script, no WebAssembly compilation.
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "https:"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.has("report-uri")).toBe(false);
  });

  it("appends configured third-party sources, without duplicates", () => {
    const csp = directives(
      buildCsp({
        scriptSrc: ["https://www.googletagmanager.com", "'sha256-abc+/='"],
        connectSrc: ["https://api.ipify.org", "'self'"],
        frameSrc: ["https://beacon-v2.helpscout.net"],
        reportUri: "/api/csp-report",
      }),
    );
    expect(csp.get("script-src")).toEqual([
      "'self'",
      "https://www.googletagmanager.com",
      "'sha256-abc+/='",
    ]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.ipify.org"]);
    expect(csp.get("frame-src")).toEqual(["'self'", "https://beacon-v2.helpscout.net"]);
    expect(csp.get("report-uri")).toEqual(["/api/csp-report"]);
  });

  it.each([
    "'unsafe-inline'",
    "'unsafe-eval'",
    "*",
    "data:",
    // Browsers read keywords and schemes in any case.
    "'UNSAFE-INLINE'",
    "'Unsafe-Eval'",
    "DATA:",
    // A scheme alone, or every host of one, lets in any script on the web.
    "https:",
    "blob:",
    "https://*",
    "https://*:443/js/",
  ])("refuses %s in script-src", (source) => {
    expect(() => buildCsp({ scriptSrc: [source] })).toThrow(/script-src/);
  });

  it.each([
    "https://*.googletagmanager.com",
    "https://widget.example:8443/js/",
    "'strict-dynamic'",
  ])("keeps %s in script-src", (source) => {
    expect(buildCsp({ scriptSrc: [source] })).toContain(source);
  });

  it.each([
    "https://a.example; script-src *",
    "https://a.example https://b.example",
    "https://a.example\r\nX-Injected: 1",
    "",
    "'unterminated",
  ])("refuses the malformed source %j", (source) => {
    expect(() => buildCsp({ connectSrc: [source] })).toThrow(/connect-src/);
  });
});

describe("securityHeaders", () => {
  it("includes the full set", () => {
    const headers = securityHeaders();
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Permissions-Policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(headers["Content-Security-Policy"]).toBe(buildCsp());
  });
});

describe("withSecurityHeaders", () => {
  const headers = { "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff" };

  it("adds missing headers and keeps a route's own", () => {
    const response = new Response("x", { headers: { "X-Frame-Options": "SAMEORIGIN" } });
    const secured = withSecurityHeaders(response, headers);
    expect(secured.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(secured.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("copies a response whose headers are immutable", async () => {
    const response = Response.redirect("https://example.com/", 302);
    const secured = withSecurityHeaders(response, headers);
    expect(secured.headers.get("X-Frame-Options")).toBe("DENY");
    expect(secured.headers.get("Location")).toBe("https://example.com/");
    expect(secured.status).toBe(302);
  });
});

describe("cacheControlFor", () => {
  it("marks only content-hashed assets immutable", () => {
    expect(cacheControlFor("/assets/client-BxY12abc.js")).toBe(CACHE_IMMUTABLE);
    for (const pathname of [
      "/",
      "/blog/x/",
      "/page-data/index/page-data.json",
      "/page-data/app-data.json",
      "/page-data/sq/d/1.json",
      "/slice-data/header.json",
      "/sw.js",
      "/attribution.js",
      "/manifest.webmanifest",
      "/assets",
    ]) {
      expect(cacheControlFor(pathname)).toBe(CACHE_REVALIDATE);
    }
  });
});
