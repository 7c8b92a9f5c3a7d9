/**
 * axe-core on the style guide, every content page of the route table (home, page, landing,
 * company and form pages) and one page of every other template, at 375 and 1280 px. One page
 * per worker is reused across the routes to keep the run short.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/page-state.ts";
import { CONTENT_ROUTES, TEMPLATE_SAMPLES } from "./support/route-table.ts";

const WIDTHS = [375, 1280] as const;
// axe over a long page takes several seconds on a shared machine.
test.setTimeout(90_000);

// axe needs a page from an explicit context.
let shared: { context: BrowserContext; page: Page } | null = null;
async function sharedPage(browser: Browser): Promise<Page> {
  if (!shared) {
    const context = await browser.newContext({ serviceWorkers: "block", reducedMotion: "reduce" });
    shared = { context, page: await context.newPage() };
  }
  return shared.page;
}
test.afterAll(async () => {
  await shared?.context.close();
  shared = null;
});

test("covers the style guide, the content pages and a page of every template", () => {
  const paths = CONTENT_ROUTES.map((route) => route.path);
  expect(paths).toContain("/styleguide/");
  expect(paths).toContain("/");
  expect(paths).toContain("/about/");
  expect(paths).toContain("/lp/free-migration/");
  expect(paths.length).toBeGreaterThan(15);
  const templates = new Set(
    [...CONTENT_ROUTES, ...TEMPLATE_SAMPLES].map((route) => route.componentChunkName),
  );
  for (const template of [
    "template---blog-post",
    "template---blog-list",
    "template---author",
    "template---book",
    "template---integration",
    "template---job",
    "template---resource",
    "template---company",
  ]) {
    expect(templates).toContain(template);
  }
});

for (const width of WIDTHS) {
  for (const route of [...CONTENT_ROUTES, ...TEMPLATE_SAMPLES]) {
    test(`${route.path} has no axe violations at ${width} px`, async ({ browser, site }) => {
      const page = await sharedPage(browser);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(new URL(route.path, site.url).href);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).analyze();
      const found = results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
      );
      expect(found).toEqual([]);
    });
  }
}
