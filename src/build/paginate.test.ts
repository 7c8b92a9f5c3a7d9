import { describe, expect, it } from "vitest";
import { paginate } from "./paginate.ts";
import { relatedItems } from "./related.ts";

const pathFor = (page: number) => (page === 1 ? "/blog/" : `/blog/page/${page}/`);

describe("paginate", () => {
  it("splits items into pages with previous and next paths", () => {
    const pages = paginate([1, 2, 3, 4, 5], 2, pathFor);
    expect(pages.map((page) => [page.path, page.items])).toEqual([
      ["/blog/", [1, 2]],
      ["/blog/page/2/", [3, 4]],
      ["/blog/page/3/", [5]],
    ]);
    expect(pages.map((page) => page.pagination)).toEqual([
      { currentPage: 1, pageCount: 3, previousPath: null, nextPath: "/blog/page/2/" },
      { currentPage: 2, pageCount: 3, previousPath: "/blog/", nextPath: "/blog/page/3/" },
      { currentPage: 3, pageCount: 3, previousPath: "/blog/page/2/", nextPath: null },
    ]);
  });

  it("keeps one page for an empty list", () => {
    expect(paginate([], 12, pathFor)).toEqual([
      {
        path: "/blog/",
        items: [],
        pagination: { currentPage: 1, pageCount: 1, previousPath: null, nextPath: null },
      },
    ]);
  });
});

describe("relatedItems", () => {
  const post = (slug: string, category: string | undefined, tags: string[]) => ({
    slug,
    ...(category ? { category: { id: category } } : {}),
    tags,
  });
  const all = [
    post("a", "metrics", ["csat"]),
    post("b", "ai", ["csat", "ai"]),
    post("c", "metrics", []),
    post("d", "ai", []),
    post("e", "metrics", ["csat", "sla"]),
  ];

  it("ranks same category and shared tags, never the post itself or unrelated posts", () => {
    const related = relatedItems(post("e", "metrics", ["csat", "sla"]), all);
    // a: category + csat = 3; c: category = 2; b: csat = 1; d: 0 (left out).
    expect(related.map((item) => item.slug)).toEqual(["a", "c", "b"]);
  });

  it("keeps list order on ties and honours the limit", () => {
    expect(relatedItems(post("x", "metrics", []), all, 2).map((item) => item.slug)).toEqual([
      "a",
      "c",
    ]);
  });
});
