import { describe, expect, it } from "vitest";
import { findMatchPath, parseMatchPaths, rankMatchPath, sortMatchPaths } from "./match-paths.ts";
import type { MatchPathEntry } from "./types.ts";

// Listed splat first: the ranking, not the order, must decide.
const entries: MatchPathEntry[] = [
  { path: "/interview-builder/", matchPath: "/interview-builder/*" },
  { path: "/interview-builder/library/", matchPath: "/interview-builder/library/:slug" },
];

describe("findMatchPath", () => {
  it.each([
    ["/interview-builder", "/interview-builder/"],
    ["/interview-builder/", "/interview-builder/"],
    ["/interview-builder/new/step-2", "/interview-builder/"],
    ["/interview-builder/library/sales-rep", "/interview-builder/library/"],
    ["/interview-builder/library/sales-rep/", "/interview-builder/library/"],
    ["/interview-builder/library/sales-rep/extra", "/interview-builder/"],
  ])("%s → %s, in either order", (pathname, owner) => {
    expect(findMatchPath(pathname, entries)?.path).toBe(owner);
    expect(findMatchPath(pathname, [...entries].reverse())?.path).toBe(owner);
  });

  it.each(["/interview-builderx/a", "/blog/x/", "/", "/interview"])("%s matches nothing", (p) => {
    expect(findMatchPath(p, entries)).toBeUndefined();
  });

  it("treats regex characters in a pattern literally", () => {
    const dotted = [{ path: "/a.b/", matchPath: "/a.b/*" }];
    expect(findMatchPath("/a.b/x", dotted)).toBeDefined();
    expect(findMatchPath("/axb/x", dotted)).toBeUndefined();
  });

  it("keeps the first listed of two equally ranked patterns", () => {
    const tie = [
      { path: "/first/", matchPath: "/x/:a" },
      { path: "/second/", matchPath: "/x/:b" },
    ];
    expect(findMatchPath("/x/1", tie)?.path).toBe("/first/");
  });

  it("answers the same before and after more patterns than it remembers have passed", () => {
    // Each pattern is split and ranked once and remembered, up to a bound; past it the memory
    // starts again, which must not change an answer.
    const many = Array.from({ length: 1200 }, (_, i) => ({
      path: `/p${i}/`,
      matchPath: i % 2 === 0 ? `/p${i}/*` : `/p${i}/:slug`,
    }));
    const before = findMatchPath("/p1199/x", many)?.path;
    for (const probe of ["/p0/a/b", "/p7/x", "/p1198/"]) findMatchPath(probe, many);
    expect(before).toBe("/p1199/");
    expect(findMatchPath("/p1199/x", many)?.path).toBe("/p1199/");
    expect(findMatchPath("/p1198/deep/er", many)?.path).toBe("/p1198/");
    expect(findMatchPath("/p1199/deep/er", many)).toBeUndefined();
    expect(findMatchPath("/x/1", entries)).toBeUndefined();
  });
});

describe("sortMatchPaths", () => {
  it("puts static before param before splat, keeping ties in order", () => {
    const sorted = sortMatchPaths([
      { path: "/splat/", matchPath: "/docs/*" },
      { path: "/param/", matchPath: "/docs/:name" },
      { path: "/static/", matchPath: "/docs/intro" },
      { path: "/root/", matchPath: "/*" },
      { path: "/param2/", matchPath: "/docs/:other" },
    ]);
    expect(sorted.map((entry) => entry.path)).toEqual([
      "/static/",
      "/param/",
      "/param2/",
      "/splat/",
      "/root/",
    ]);
  });

  it("makes the first match in file order the ranked match", () => {
    const sorted = sortMatchPaths(entries);
    for (const path of ["/interview-builder/library/a", "/interview-builder/a"]) {
      const first = sorted.find((entry) => findMatchPath(path, [entry]) !== undefined);
      expect(first).toBe(findMatchPath(path, entries));
    }
  });

  it("ranks a longer static pattern above its splat parent", () => {
    expect(rankMatchPath("/a/b")).toBeGreaterThan(rankMatchPath("/a/*"));
  });
});

describe("parseMatchPaths", () => {
  it("accepts the build's shape", () => {
    expect(parseMatchPaths(entries)).toEqual(entries);
  });

  it.each([
    {},
    [{ path: "/a/" }],
    [{ path: "a", matchPath: "/a/*" }],
    [null],
    [{ path: "/a/", matchPath: "/a/*/b" }],
  ])("rejects %j naming the problem", (json) => {
    expect(() => parseMatchPaths(json)).toThrow(/match-paths\.json/);
  });
});
