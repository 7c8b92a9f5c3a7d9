/**
 * Visual regression: the style guide, the home page, pricing, a feature page and a named page
 * at 375, 768 and 1280 px, and one page of every collection template at 375 and 1280 px,
 * against committed baselines. Deterministic: self-hosted fonts
 * awaited, animations and transitions off, every lazy image loaded before the shot.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/page-state.ts";

const PAGES = [
  { name: "styleguide", path: "/styleguide/" },
  { name: "home", path: "/" },
  { name: "pricing", path: "/pricing/" },
  { name: "feature-platform", path: "/platform/" },
  // The 404 page is a named page (src/pages/not-found.tsx) with its own design.
  { name: "named-not-found", path: "/no-such-page/" },
] as const;
const WIDTHS = [375, 768, 1280] as const;

/** One page of each collection template (issue 12), at the widths the issue names. */
const TEMPLATE_PAGES = [
  { name: "template-blog-list", path: "/blog/" },
  { name: "template-blog-post", path: "/blog/when-to-turn-on-live-chat/" },
  { name: "template-author", path: "/blog/authors/daniel-achebe/" },
  { name: "template-book-chapter", path: "/books/support-leaders-handbook/promises-you-can-keep/" },
  { name: "template-integrations-directory", path: "/integrations/directory/crm/" },
  { name: "template-company", path: "/about/" },
  { name: "template-job", path: "/careers/jobs/product-designer-knowledge-base/" },
  { name: "template-resource", path: "/resources/support-benchmark-report-2026/" },
  { name: "template-landing", path: "/lp/free-migration/" },
] as const;
const TEMPLATE_WIDTHS = [375, 1280] as const;

test.use({ reducedMotion: "reduce" });
// Full-page shots of long pages are slow on a shared machine; the comparison itself is strict.
test.setTimeout(120_000);

async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll<HTMLImageElement>("img[loading='lazy']")) {
      image.loading = "eager";
    }
    await Promise.all(
      [...document.images].map((image) =>
        image.complete
          ? null
          : new Promise((done) => image.addEventListener("load", done, { once: true })),
      ),
    );
    await document.fonts.ready;
  });
}

const SHOTS = [
  ...PAGES.flatMap((page) => WIDTHS.map((width) => ({ ...page, width }))),
  ...TEMPLATE_PAGES.flatMap((page) => TEMPLATE_WIDTHS.map((width) => ({ ...page, width }))),
];

for (const { name, path, width } of SHOTS) {
  test(`${name} at ${width} px matches its baseline`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await settle(page);
    await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
      fullPage: true,
      animations: "disabled",
      caret: "hide",
      maxDiffPixelRatio: 0.002,
      timeout: 60_000,
    });
  });
}
