import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "./content.ts";
import { routePageData } from "./render-route.ts";
import { buildRoutes } from "./routes.ts";
import { pageInputsFor } from "./shared-data.ts";

const CONTENT = resolve(import.meta.dirname, "../../content");

describe("pageDataFor", () => {
  it("renders a route's Markdown and rich-text sections into its page data, leaving the route as it was", async () => {
    const content = await loadContent(CONTENT);
    const routes = buildRoutes(content);
    const inputs = pageInputsFor(content, routes, "test-hash");
    const post = routes.find((route) => route.markdown?.target === "post");
    const withSections = routes.find((route) =>
      (
        (route.data as Record<string, unknown>).page as
          | { sections?: { type: string }[] }
          | undefined
      )?.sections?.some((section) => section.type === "rich-text"),
    );
    expect(post).toBeDefined();
    expect(withSections).toBeDefined();
    for (const route of [post, withSections]) {
      if (!route) continue;
      const before = JSON.stringify(route.data);
      const first = routePageData(route, inputs);
      const second = routePageData(route, inputs);
      // The route is rendered again by the dev server and read by the image pruning: untouched.
      expect(JSON.stringify(route.data), route.path).toBe(before);
      expect(JSON.stringify(second), route.path).toBe(JSON.stringify(first));
      const data = first.result.data as Record<string, unknown>;
      if (route === post) {
        expect((data.post as { html: string }).html).toMatch(/<p>/);
      } else {
        const sections = (data.page as { sections: Record<string, unknown>[] }).sections;
        const richText = sections.filter((section) => section.type === "rich-text");
        expect(richText.length).toBeGreaterThan(0);
        for (const section of richText) {
          expect(section.html).toMatch(/<(p|ul|h2|h3)>/);
          expect(section).not.toHaveProperty("markdown");
        }
      }
    }
  });
});

describe("pageInputsFor", () => {
  it("links the blog's feed from every page's head only when the site has posts", async () => {
    const content = await loadContent(CONTENT);
    const withPosts = pageInputsFor(content, buildRoutes(content), "test-hash");
    expect(withPosts.document.feed).toEqual({ title: "Harbor Desk blog", path: "/blog/feed.xml" });
    // No posts, no feed file (collection-files.ts): a link would lead feed readers to a 404.
    const noPosts = { ...content, posts: [] };
    expect(pageInputsFor(noPosts, [], "test-hash").document.feed).toBeUndefined();
  });
});
