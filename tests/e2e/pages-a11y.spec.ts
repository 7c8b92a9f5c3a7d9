/**
 * Every page of the route table, once: it answers 200, hydrates without errors, has one h1,
 * and axe finds nothing at 375 px with the consent banner open, then at 1280 px once the
 * visitor has answered it (banner closed; for collection entries, the first two per template). One visit covers both widths and both banner
 * states, so the suite stays short as pages are added. The integrations test site is the
 * real content with every integration configured, so the banner appears on every page; no
 * vendor is reachable here, and none is needed: nothing optional loads without consent.
 * The cookie preferences dialog is checked the same way, at both widths.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { consentBanner, expectBannerOpen } from "./support/consent.ts";
import { type FaultServer, startFaultServer } from "./support/fault-server.ts";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/page-state.ts";
import { PAGE_ROUTES } from "./support/route-table.ts";
import { SITES } from "./support/sites.ts";

// Two axe runs over a long page take several seconds each on a shared machine.
test.setTimeout(90_000);

interface Shared {
  context: BrowserContext;
  page: Page;
  server: FaultServer;
  errors: string[];
}
let shared: Shared | null = null;
/** One page and server per worker, reused across routes; consent cookies cleared per test. */
async function sharedPage(browser: Browser): Promise<Shared> {
  if (!shared) {
    const server = await startFaultServer({ root: SITES.integrations.out });
    const context = await browser.newContext({ serviceWorkers: "block", reducedMotion: "reduce" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    shared = { context, page, server, errors };
  }
  await shared.context.clearCookies();
  shared.errors.length = 0;
  return shared;
}
test.afterAll(async () => {
  await shared?.context.close();
  await shared?.server.close();
  shared = null;
});

test("the route table covers the style guide and every kind of page", () => {
  const paths = PAGE_ROUTES.map((route) => route.path);
  for (const path of ["/", "/pricing/", "/pricing/contact-based/", "/platform/", "/styleguide/"]) {
    expect(paths).toContain(path);
  }
  expect(paths.length).toBeGreaterThan(20);
});

/**
 * Collection entries (posts, chapters, integrations, jobs…) share their template and differ only
 * in sanitised Markdown: the first two of each template are also scanned at 1280 px, the rest
 * at 375 px only. Every other page is scanned at both widths.
 */
const COLLECTION_TEMPLATES = new Set([
  "template---author",
  "template---blog-list",
  "template---blog-post",
  "template---book",
  "template---integration",
  "template---interview-guide",
  "template---interview-library",
  "template---job",
  "template---job-description",
  "template---resource",
]);
const seenPerTemplate = new Map<string, number>();
const scannedAtBothWidths = (route: (typeof PAGE_ROUTES)[number]): boolean => {
  if (!COLLECTION_TEMPLATES.has(route.componentChunkName)) return true;
  const seen = (seenPerTemplate.get(route.componentChunkName) ?? 0) + 1;
  seenPerTemplate.set(route.componentChunkName, seen);
  return seen <= 2;
};

// The routes are independent (one shared page per worker): spread them over both workers.
test.describe.configure({ mode: "parallel" });

// Every page of the route table, not a hand-kept list: a new page is covered at once.
for (const route of PAGE_ROUTES) {
  const bothWidths = scannedAtBothWidths(route);
  const scans = bothWidths
    ? "axe-clean at 375 px with the banner open and at 1280 px after answering it"
    : "axe-clean at 375 px with the banner open";
  test(`${route.path} (${route.componentChunkName}): 200, hydrates, one h1, ${scans}`, async ({
    browser,
  }) => {
    const { page, server, errors } = await sharedPage(browser);
    await page.setViewportSize({ width: 375, height: 812 });
    const response = await page.goto(new URL(route.path, server.url).href);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectBannerOpen(page);
    // The dialog can be named before its buttons have their labels: scan once they do, or
    // axe reports buttons without names (seen once in a CI run).
    for (const name of ["Accept all", "Only necessary", "Choose categories"]) {
      await expect(consentBanner(page).getByRole("button", { name })).toBeVisible();
    }
    expect(await axeViolations(page), "375 px, banner open").toEqual([]);
    // Nothing makes the page scroll sideways on a phone: wide tables scroll in their own box.
    expect(
      await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0),
      "page width at 375 px",
    ).toBeLessThanOrEqual(375);

    await consentBanner(page).getByRole("button", { name: "Only necessary" }).click();
    // Out of the accessibility tree at once (aria-hidden), off the screen once its closing
    // transition ends: scan after both.
    await expect(consentBanner(page)).toBeHidden();
    await expect(page.locator("#cc-main .cm")).toBeHidden();
    // Its buttons can still compute as visible for a moment after the dialog itself turned
    // hidden (its close transition, 0.01 ms under reduced motion, settles a frame later); axe
    // then sees focusable content under aria-hidden. Scan once nothing in it is visible.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll("#cc-main .cm *")].some(
            (element) => getComputedStyle(element).visibility === "visible",
          ),
        ),
      )
      .toBe(false);
    if (bothWidths) {
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await axeViolations(page), "1280 px, banner closed").toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

// The cookie preferences dialog, opened from the banner, at both widths.
for (const width of [375, 1280]) {
  test(`the cookie preferences dialog has no axe violations at ${width} px`, async ({
    browser,
  }) => {
    const { page, server } = await sharedPage(browser);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(new URL("/pricing/", server.url).href);
    await waitForHydration(page);
    await expectBannerOpen(page);
    expect(await axeViolations(page), "banner open").toEqual([]);
    await consentBanner(page).getByRole("button", { name: "Choose categories" }).click();
    const preferences = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(preferences).toBeVisible();
    expect(await axeViolations(page), "preferences open").toEqual([]);
    // Keyboard: Escape closes it and the page is usable again.
    await page.keyboard.press("Escape");
    await expect(preferences).toBeHidden();
  });
}
