import { join, resolve } from "node:path";
import { isStringOneByteRepresentation } from "node:v8";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import {
  buildRoutes,
  loadContent,
  pageInputsFor,
  resolveRouteImages,
  routePageData,
} from "../build/index.ts";
import { createImagePipeline } from "../images/node.ts";
import { renderPageHtml, renderPageWithSkeleton } from "./entry-server.tsx";

const ROOT = resolve(import.meta.dirname, "../..");
const work = registerTempFolder("hd-entry-server-", "all");

/**
 * The site's routes with their pictures resolved as a build with an image service resolves
 * them (URLs, no encoding), and the inputs every page shares.
 */
async function siteRoutes() {
  const content = await loadContent(resolve(ROOT, "content"));
  const routes = buildRoutes(content);
  const dir = work();
  const pipeline = createImagePipeline({
    imagesDir: join(ROOT, "content/images"),
    outDir: join(dir, "out"),
    cacheDir: join(dir, "cache"),
    domain: "harbordesk.imgix.net",
  });
  await resolveRouteImages(routes, pipeline, {
    siteName: content.settings.productName,
    siteUrl: content.settings.siteUrl,
    ogImages: false,
  });
  return { routes, inputs: pageInputsFor(content, routes, "test-hash") };
}

describe("renderPageHtml", () => {
  it("gives every page of the site the markup it renders to whole, header and footer spliced in", async () => {
    const { routes, inputs } = await siteRoutes();
    const variants = { header: new Set<string>(), footer: new Set<string>() };
    let pagesWithReferences = 0;
    for (const route of routes) {
      const pageData = routePageData(route, inputs);
      // The same site data as every page before: header and footer come from earlier pages.
      const spliced = renderPageHtml(pageData, inputs.staticQueryResults);
      // Data no page has been rendered with: the whole page renders in place.
      const whole = renderPageHtml(pageData, { ...inputs.staticQueryResults });
      expect(spliced, route.path).toBe(whole);
      // Its skeleton (the critical CSS's key) leaves the shared header and footer out.
      const { skeleton } = renderPageWithSkeleton(pageData, inputs.staticQueryResults);
      expect(skeleton, route.path).toContain('<template data-shell-region="footer"></template>');
      expect(skeleton, route.path).not.toContain("<footer");
      // Every page is stored one byte a character, its characters beyond Latin-1 written as
      // references (lib/node.ts), whatever the page its header and footer were cut from had:
      // writing and scanning it is three times as fast.
      expect(isStringOneByteRepresentation(spliced), route.path).toBe(true);
      expect(spliced, route.path).not.toMatch(/[\u0100-\uffff]/);
      if (/&#x[0-9a-f]+;/.test(whole)) pagesWithReferences += 1;
      variants.header.add(/<header[^>]*>/.exec(whole)?.[0] ?? "none");
      variants.footer.add(/<footer[^>]*>/.exec(whole)?.[0] ?? "none");
    }
    // The site has pages of every kind the regions vary by, so splicing was put to the test.
    expect(variants.header.size).toBeGreaterThanOrEqual(2);
    expect(variants.footer.size).toBeGreaterThanOrEqual(3);
    // The site's pages have such characters, so the regions were cut from such pages.
    expect(pagesWithReferences).toBeGreaterThan(0);
  }, 120_000);
});

describe("a page that fails to prerender", () => {
  it("fails the render, naming the page and the component's error, instead of shipping it empty", async () => {
    const { routes, inputs } = await siteRoutes();
    const route = routes.find((candidate) => candidate.path === "/blog/ai-that-helps/");
    if (!route) throw new Error("no such post");
    const pageData = routePageData(route, inputs);
    expect(renderPageHtml(pageData, inputs.staticQueryResults)).toContain("<h1");
    // The template reads the post's fields: without a post it throws while rendering.
    const broken = {
      ...pageData,
      result: { ...pageData.result, data: { ...(pageData.result.data as object), post: null } },
    };
    expect(() => renderPageHtml(broken, inputs.staticQueryResults)).toThrow(
      /^\/blog\/ai-that-helps\/ failed to prerender: .*null/,
    );
  });
});
