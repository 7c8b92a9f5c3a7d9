import { describe, expect, it } from "vitest";
import {
  APP_DATA_URL,
  htmlFileFor,
  NOT_FOUND_PAGE_PATH,
  pageDataSlug,
  pageDataUrl,
  parseProtocolUrl,
  SERVER_ERROR_PAGE_PATH,
  sliceDataUrl,
  staticQueryUrl,
} from "./urls.ts";

describe("protocol URLs", () => {
  it.each([
    ["/", "/page-data/index/page-data.json", "index.html"],
    ["/blog/post/", "/page-data/blog/post/page-data.json", "blog/post/index.html"],
    [NOT_FOUND_PAGE_PATH, "/page-data/404.html/page-data.json", "404.html"],
    [SERVER_ERROR_PAGE_PATH, "/page-data/500.html/page-data.json", "500.html"],
  ])("%s → %s and %s", (path, url, html) => {
    expect(pageDataUrl(path)).toBe(url);
    expect(htmlFileFor(path)).toBe(html);
  });

  it("names static queries, slices and app data", () => {
    expect(staticQueryUrl("123")).toBe("/page-data/sq/d/123.json");
    expect(sliceDataUrl("header")).toBe("/slice-data/header.json");
    expect(APP_DATA_URL).toBe("/page-data/app-data.json");
  });
});

describe("parseProtocolUrl", () => {
  it("reads back what the builders write", () => {
    expect(parseProtocolUrl(APP_DATA_URL)).toEqual({ kind: "app-data" });
    expect(parseProtocolUrl(staticQueryUrl("290031026"))).toEqual({
      kind: "static-query",
      hash: "290031026",
    });
    expect(parseProtocolUrl(sliceDataUrl("header"))).toEqual({ kind: "slice", name: "header" });
    for (const path of ["/", "/blog/post/", NOT_FOUND_PAGE_PATH]) {
      expect(parseProtocolUrl(pageDataUrl(path))).toEqual({
        kind: "page-data",
        slug: pageDataSlug(path),
      });
    }
  });

  it.each([
    "/",
    "/pricing/",
    "/page-data/",
    "/page-data/page-data.json",
    "/page-data/sq/d/.json",
    "/page-data/sq/d/a/b.json",
    "/slice-data/.json",
    "/slice-data/a/b.json",
    "/assets/app.js",
  ])("%s is not a protocol file", (pathname) => {
    expect(parseProtocolUrl(pathname)).toBeUndefined();
  });
});
