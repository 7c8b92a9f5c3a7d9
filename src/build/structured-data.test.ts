import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "./content.ts";
import { buildRoutes } from "./routes.ts";
import { serializeJsonLd, structuredDataFor } from "./structured-data.ts";

const site = {
  siteName: "Harbor Desk",
  siteUrl: "https://harbordesk.example",
  description: "The help desk.",
  sameAs: ["https://x.com/harbordesk"],
};

async function realRoutes() {
  const content = await loadContent(resolve(import.meta.dirname, "../../content"));
  return buildRoutes(content);
}

/** What a search engine reads: the serialised block parsed back. */
function parsed(route: Parameters<typeof structuredDataFor>[0]): Record<string, unknown>[] {
  return structuredDataFor(route, site).map((item) => JSON.parse(serializeJsonLd(item)));
}

describe("structured data", () => {
  it("every page has WebSite and Organization with their required properties", async () => {
    for (const route of await realRoutes()) {
      const items = parsed(route);
      const types = items.map((item) => item["@type"]);
      expect(types, route.path).toContain("WebSite");
      expect(types, route.path).toContain("Organization");
      for (const item of items) expect(item["@context"]).toBe("https://schema.org");
      const org = items.find((item) => item["@type"] === "Organization");
      expect(org).toMatchObject({ name: "Harbor Desk", url: "https://harbordesk.example/" });
      expect(org?.sameAs).toEqual(["https://x.com/harbordesk"]);
    }
  });

  it("posts carry BlogPosting with headline, date and author", async () => {
    const posts = (await realRoutes()).filter(
      (r) => r.componentChunkName === "template---blog-post",
    );
    expect(posts.length).toBeGreaterThan(0);
    for (const route of posts) {
      const posting = parsed(route).find((item) => item["@type"] === "BlogPosting");
      expect(typeof posting?.headline).toBe("string");
      expect(posting?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(posting?.author).toMatchObject({ "@type": "Person", name: expect.any(String) });
    }
  });

  it("pages below home carry a BreadcrumbList ending at the page itself", async () => {
    const routes = await realRoutes();
    const pricing = routes.find((route) => route.path === "/pricing/contact-based/");
    expect(pricing).toBeDefined();
    const crumbs = parsed(pricing as NonNullable<typeof pricing>).find(
      (item) => item["@type"] === "BreadcrumbList",
    ) as { itemListElement: { position: number; name: string; item: string }[] };
    expect(crumbs.itemListElement.map((item) => item.position)).toEqual([1, 2, 3]);
    expect(crumbs.itemListElement[0]).toMatchObject({
      name: "Home",
      item: "https://harbordesk.example/",
    });
    expect(crumbs.itemListElement[2]?.item).toBe(
      "https://harbordesk.example/pricing/contact-based/",
    );
    const home = routes.find((route) => route.path === "/");
    expect(parsed(home as NonNullable<typeof home>).map((item) => item["@type"])).not.toContain(
      "BreadcrumbList",
    );
  });

  it("no value can close the script element early", () => {
    const json = serializeJsonLd({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "</script><script>alert(1)</script>",
    });
    expect(json).not.toContain("</script");
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>");
  });
});
