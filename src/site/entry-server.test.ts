import { resolve } from "node:path";
import { isStringOneByteRepresentation } from "node:v8";
import { describe, expect, it } from "vitest";
import { buildRoutes, loadContent, pageInputsFor, routePageData } from "../build/index.ts";
import { renderPageHtml, renderPageWithSkeleton } from "./entry-server.tsx";

const ROOT = resolve(import.meta.dirname, "../..");

describe("renderPageHtml", () => {
  it("gives every page of the site the markup it renders to whole, header and footer spliced in", async () => {
    const content = await loadContent(resolve(ROOT, "content"));
    const routes = buildRoutes(content);
    const inputs = pageInputsFor(content, routes, "test-hash");
    const variants = { header: new Set<string>(), footer: new Set<string>() };
    let latin1Pages = 0;
    let widerPages = 0;
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
      // A page of Latin-1 text is stored one byte a character even when the header and footer
      // were cut from a page that was not: writing and scanning it is three times as fast.
      if (!/[\u0100-\uffff]/.test(whole)) {
        latin1Pages += 1;
        expect(isStringOneByteRepresentation(spliced), route.path).toBe(true);
      } else {
        widerPages += 1;
      }
      variants.header.add(/<header[^>]*>/.exec(whole)?.[0] ?? "none");
      variants.footer.add(/<footer[^>]*>/.exec(whole)?.[0] ?? "none");
    }
    // The site has pages of every kind the regions vary by, so splicing was put to the test.
    expect(variants.header.size).toBeGreaterThanOrEqual(2);
    expect(variants.footer.size).toBeGreaterThanOrEqual(3);
    // Both kinds of page are there, so the regions were cut from wide pages too.
    expect(latin1Pages).toBeGreaterThan(0);
    expect(widerPages).toBeGreaterThan(0);
  }, 120_000);
});
