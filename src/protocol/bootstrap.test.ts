import { describe, expect, it } from "vitest";
import { bootstrapSerializer, serializeBootstrapData } from "./bootstrap.ts";
import type { BootstrapData } from "./types.ts";

describe("serializeBootstrapData", () => {
  it("gives JSON that cannot end its <script> element and parses back to the same data", () => {
    const data = {
      compilationHash: "abc",
      pageData: {
        componentChunkName: "template---page",
        path: "/x/",
        compilationHash: "abc",
        result: {
          data: { text: "</script><script>alert(1)</script><!-- a\u2028b\u2029c > d" },
          pageContext: {},
        },
        staticQueryHashes: [],
        slicesMap: {},
      },
      slices: {},
      matchPaths: [],
    } as unknown as BootstrapData;
    const json = serializeBootstrapData(data);
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(json).toContain("\\u003c/script\\u003e");
    expect(json).toContain("a\\u2028b\\u2029c");
    expect(JSON.parse(json)).toEqual(data);
  });

  it("gives the same text from the shared parts and the page data's JSON", () => {
    const shared = {
      compilationHash: "abc",
      slices: {
        header: {
          componentChunkName: "slice---header",
          result: { data: null, sliceContext: {} },
          staticQueryHashes: ["1"],
        },
      },
      matchPaths: [{ path: "/tools/x/", matchPath: "/tools/x/*" }],
    } as unknown as BootstrapData;
    const pageData = {
      componentChunkName: "template---post",
      path: "/blog/<b>/",
      compilationHash: "abc",
      result: { data: { html: "<p>a\u2028b</p>" }, pageContext: {} },
      staticQueryHashes: [],
      slicesMap: {},
    } as unknown as BootstrapData["pageData"];
    const serialize = bootstrapSerializer(shared);
    expect(serialize(JSON.stringify(pageData))).toBe(
      serializeBootstrapData({
        compilationHash: shared.compilationHash,
        pageData,
        slices: shared.slices,
        matchPaths: shared.matchPaths,
      }),
    );
  });
});
