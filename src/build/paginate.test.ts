import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paginate } from "./paginate.ts";
import { type RelatableItem, relatedFinder, relatedItems, SAME_CATEGORY_SCORE } from "./related.ts";

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

describe("relatedFinder", () => {
  /** The first version, scoring every post against every other: the finder must agree. */
  function reference<T extends RelatableItem>(
    post: RelatableItem,
    all: readonly T[],
    limit: number,
  ) {
    const tags = new Set(post.tags);
    return all
      .map((candidate, index) => {
        let score = candidate.tags.filter((tag) => tags.has(tag)).length;
        if (post.category && candidate.category?.id === post.category.id) {
          score += SAME_CATEGORY_SCORE;
        }
        return { candidate, index, score };
      })
      .filter(({ candidate, score }) => candidate.slug !== post.slug && score > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit)
      .map(({ candidate }) => candidate);
  }

  const item = fc.record({
    category: fc.option(fc.constantFrom("metrics", "ai", "teams"), { nil: undefined }),
    tags: fc.array(fc.constantFrom("csat", "sla", "ai", "inbox", "hiring"), { maxLength: 4 }),
  });

  it("answers what scoring every post against every other answers", () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 40 }),
        fc.integer({ min: 0, max: 6 }),
        (items, limit) => {
          const all = items.map((value, index) => ({
            slug: `post-${index}`,
            tags: value.tags,
            ...(value.category ? { category: { id: value.category } } : {}),
          }));
          const find = relatedFinder(all);
          // Every post of the list, and one from outside it, in any order of asking.
          const asked = [...all]
            .reverse()
            .concat([{ slug: "elsewhere", tags: ["csat"], category: { id: "ai" } }]);
          for (const post of asked) {
            expect(find(post, limit)).toEqual(reference(post, all, limit));
          }
        },
      ),
    );
  });
});
