import { describe, expect, it } from "vitest";
import { contentTypeFor, extensionOf, FALLBACK_CONTENT_TYPE, isCompressible } from "./mime.ts";

describe("contentTypeFor", () => {
  it.each([
    ["blog/x/index.html", "text/html; charset=utf-8"],
    ["assets/client-BxY12abc.js", "text/javascript; charset=utf-8"],
    ["assets/a.CSS", "text/css; charset=utf-8"],
    ["page-data/index/page-data.json", "application/json; charset=utf-8"],
    ["manifest.webmanifest", "application/manifest+json; charset=utf-8"],
    ["sitemap.xml", "application/xml; charset=utf-8"],
    ["robots.txt", "text/plain; charset=utf-8"],
    ["icon.svg", "image/svg+xml"],
    ["assets/inter.woff2", "font/woff2"],
    ["icon-192.png", "image/png"],
    ["favicon.ico", "image/x-icon"],
    ["LICENSE", FALLBACK_CONTENT_TYPE],
    ["archive.unknownext", FALLBACK_CONTENT_TYPE],
  ])("%s → %s", (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });

  it("does not read a dot-file's name as an extension", () => {
    expect(extensionOf("dir/.htaccess")).toBe("");
    expect(extensionOf("dir.v2/file")).toBe("");
  });
});

describe("isCompressible", () => {
  it("is true for text formats only", () => {
    for (const file of ["a.html", "a.js", "a.css", "a.json", "a.webmanifest", "a.xml", "a.svg"]) {
      expect(isCompressible(contentTypeFor(file))).toBe(true);
    }
    for (const file of ["a.png", "a.woff2", "a.jpg", "a.pdf", "a.bin"]) {
      expect(isCompressible(contentTypeFor(file))).toBe(false);
    }
  });
});
