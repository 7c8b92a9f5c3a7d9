import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findMatchPath, resolvePagePath } from "./match-paths.ts";
import { normalizePathname } from "./page-path.ts";
import type { MatchPathEntry } from "./types.ts";
import { NOT_FOUND_PAGE_PATH, SERVER_ERROR_PAGE_PATH } from "./urls.ts";

describe("resolvePagePath without match paths", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["/index.html", "/"],
    ["/blog", "/blog/"],
    ["/blog/", "/blog/"],
    ["/blog/post-1", "/blog/post-1/"],
    ["/blog/index.html", "/blog/"],
    ["blog/post", "/blog/post/"],
    ["//blog///post", "/blog/post/"],
    ["/about/?utm_source=mail", "/about/"],
    ["/about#team", "/about/"],
    ["/about?x=1#team", "/about/"],
    [NOT_FOUND_PAGE_PATH, NOT_FOUND_PAGE_PATH],
    [SERVER_ERROR_PAGE_PATH, SERVER_ERROR_PAGE_PATH],
    ["/files/report.PDF", "/files/report.PDF"],
    ["/caf%C3%A9", "/café/"],
    ["/a%20b/", "/a b/"],
    ["/100%", "/100%/"],
    ["/bad%E0%A4%A", "/bad%E0%A4%A/"],
    ["/q%3Fnot-a-search", "/q%3Fnot-a-search/"],
    ["/a%2Fb", "/a%2Fb/"],
    ["/tag%23one", "/tag%23one/"],
  ])("%j → %j", (input, expected) => {
    expect(resolvePagePath(input, [])).toBe(expected);
  });

  it("never throws and always yields an absolute path (property)", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const path = resolvePagePath(input, []);
        expect(path.startsWith("/")).toBe(true);
        expect(path).not.toMatch(/\/\//);
      }),
    );
  });

  it("is idempotent on its own output for plain ASCII paths (property)", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (segments, slash) => {
        const once = normalizePathname(`/${segments.join("/")}${slash ? "/" : ""}`);
        expect(normalizePathname(once)).toBe(once);
      }),
    );
  });
});

describe("resolvePagePath with match paths", () => {
  const matchPaths: MatchPathEntry[] = [
    { path: "/interview-builder/", matchPath: "/interview-builder/*" },
    // A real page under the splat is listed with its own path, so it outranks the splat.
    { path: "/interview-builder/library/", matchPath: "/interview-builder/library" },
    { path: "/jobs/job/", matchPath: "/jobs/:slug" },
    { path: "/app", matchPath: "/app/*" },
  ];

  it.each([
    ["/interview-builder", "/interview-builder/"],
    ["/interview-builder/", "/interview-builder/"],
    ["/interview-builder/roles/lead", "/interview-builder/"],
    ["/interview-builder/library", "/interview-builder/library/"],
    ["/interview-builder/library/", "/interview-builder/library/"],
    ["/interview-builder/library/extra", "/interview-builder/"],
    ["/jobs/support-agent", "/jobs/job/"],
    ["/jobs/support-agent/", "/jobs/job/"],
    ["/jobs/", "/jobs/"],
    ["/jobs/a/b", "/jobs/a/b/"],
    ["/app/x?y=1", "/app/"],
    ["/interview-builder-old/", "/interview-builder-old/"],
    ["/other/", "/other/"],
  ])("%j → %j", (input, expected) => {
    expect(resolvePagePath(input, matchPaths)).toBe(expected);
  });

  it("prefers a static route over a param route over a splat, whatever the list order", () => {
    const entries: MatchPathEntry[] = [
      { path: "/splat/", matchPath: "/docs/*" },
      { path: "/param/", matchPath: "/docs/:name" },
      { path: "/static/", matchPath: "/docs/intro" },
    ];
    for (const order of [entries, [...entries].reverse()]) {
      expect(findMatchPath("/docs/intro/", order)?.path).toBe("/static/");
      expect(findMatchPath("/docs/other/", order)?.path).toBe("/param/");
      expect(findMatchPath("/docs/a/b/", order)?.path).toBe("/splat/");
    }
  });

  it("lets a root splat catch everything, but a param never matches the root", () => {
    expect(findMatchPath("/", [{ path: "/all/", matchPath: "/*" }])?.path).toBe("/all/");
    expect(findMatchPath("/", [{ path: "/p/", matchPath: "/:id" }])).toBeUndefined();
  });
});
