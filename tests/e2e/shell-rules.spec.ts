/**
 * The shell's path rules in a real browser, at desktop width and at 375 px: Log in on `/`,
 * hidden and small footers, static headers, CTA bar pages and query flag, path-triggered
 * tags, and missing navigation/footer data.
 */

import { CONSENT_CATEGORIES } from "../../src/consent/constants.ts";
import {
  FOOTER_SMALL_PATHS,
  LOG_IN_CLICKED_KEY,
  NEW_BADGE_TEXT,
  STATIC_HEADER_PATHS,
  STATUS_BADGE_TEXT,
} from "../../src/shell/constants.ts";
import { CTA_BAR_QUERY_PARAM } from "../../src/shell/deferred-rules.ts";
import {
  ctaBar,
  header,
  menuToggle,
  mobileMenu,
  openShell,
  padDocument,
  SETTINGS,
  scrollToY,
  serveTags,
  VIEWPORTS,
} from "./shell-support.ts";
import { expect, test } from "./support/fixtures.ts";
import { isSameDocument, markDocument } from "./support/page-state.ts";

const startsWith = (url: string) => new RegExp(`^${url.replace(/[.?/]/g, "\\$&")}`);

// The tags' URLs in content/settings.json have no files behind them in the build.
test.beforeEach(({ site }) => serveTags(site));
// A returning visitor who granted everything: no banner taking focus, path tags allowed.
test.use({ consentAnswered: CONSENT_CATEGORIES });

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`path rules at ${label}`, () => {
    test.use({ viewport });

    test("/ shows Log in instead of Get a Demo; other pages show Get a Demo", async ({
      page,
      pageErrors,
    }) => {
      await openShell(page, "/");
      const bar = header(page);
      await expect(bar.getByRole("link", { name: "Log in" })).toBeVisible();
      // Attribution may append its parameters to app links: compare the URL before them.
      await expect(bar.getByRole("link", { name: "Log in" })).toHaveAttribute(
        "href",
        startsWith(SETTINGS.loginUrl),
      );
      await expect(bar.getByRole("link", { name: "Get a Demo" })).toHaveCount(0);
      await expect(bar.getByRole("link", { name: "Start for Free" })).toHaveAttribute(
        "href",
        startsWith(SETTINGS.signupPlusUrl),
      );

      await openShell(page, "/inbox/");
      await expect(bar.getByRole("link", { name: "Get a Demo" })).toBeVisible();
      await expect(bar.getByRole("link", { name: "Get a Demo" })).toHaveAttribute(
        "href",
        SETTINGS.demoUrl,
      );
      await expect(bar.getByRole("link", { name: "Log in" })).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    });

    test("the Log in link stores the log-in-clicked flag with a 365-day expiry", async ({
      page,
    }) => {
      await openShell(page, "/");
      // Stay on the page: the app's login page is on another (unreachable) host.
      await page.evaluate(() =>
        window.addEventListener("click", (event) => event.preventDefault(), { capture: true }),
      );
      const before = Date.now();
      await header(page).getByRole("link", { name: "Log in" }).click();
      const stored = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "null"),
        LOG_IN_CLICKED_KEY,
      );
      expect(stored.value).toBe(true);
      const year = 365 * 86_400_000;
      expect(stored.expiresAt).toBeGreaterThanOrEqual(before + year - 5_000);
      expect(stored.expiresAt).toBeLessThanOrEqual(Date.now() + year + 5_000);
    });

    test("the footer is hidden on /product-tour/", async ({ page }) => {
      await openShell(page, "/product-tour/");
      await expect(page.locator("footer")).toHaveCount(0);
      await expect(page.locator("main h1")).toBeVisible();
    });

    test("the footer follows client-side navigation: the adopted first footer gives way to the live one", async ({
      page,
    }) => {
      await openShell(page, "/");
      await expect(page.locator("footer")).toHaveAttribute("data-footer", "full");
      await markDocument(page);
      await page.locator("footer").getByRole("link", { name: "Product tour" }).click();
      await expect(page).toHaveURL(/\/product-tour\/$/);
      await expect(page.locator("footer")).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      const footer = page.locator("footer");
      await expect(footer).toHaveAttribute("data-footer", "full");
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Harbor Desk`);
      expect(await isSameDocument(page)).toBe(true);
    });

    test("a footer whose code could not load is asked for again on the next page", async ({
      page,
    }) => {
      let failing = true;
      await page.route(/\/assets\/footer-[\w-]+\.js$/, (route) =>
        failing ? route.abort() : route.continue(),
      );
      await openShell(page, "/");
      await markDocument(page);
      await page.locator("footer").getByRole("link", { name: "Product tour" }).click();
      await expect(page).toHaveURL(/\/product-tour\/$/);
      // Its code did not arrive: the first page's footer stays rather than none at all.
      await expect(page.locator("footer")).toHaveAttribute("data-footer", "full");
      failing = false;
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await page.locator("footer").getByRole("link", { name: "Product tour" }).click();
      await expect(page).toHaveURL(/\/product-tour\/$/);
      await expect(page.locator("footer")).toHaveCount(0);
      expect(await isSameDocument(page)).toBe(true);
    });

    test("the small footer has the logo and copyright only", async ({ page }) => {
      for (const path of FOOTER_SMALL_PATHS) {
        // /interview-builder/ is a named page; the rest are content pages.
        await openShell(page, path);
        const footer = page.locator("footer");
        await expect(footer, path).toHaveAttribute("data-footer", "small");
        await expect(footer.getByRole("link", { name: "Harbor Desk" })).toBeVisible();
        await expect(footer).toContainText(`© ${new Date().getFullYear()} Harbor Desk`);
        await expect(footer.getByRole("navigation")).toHaveCount(0);
        await expect(footer.getByRole("link")).toHaveCount(1);
      }
    });

    test("the full footer: columns, badges, social links, Do Not Sell, copyright", async ({
      page,
    }) => {
      await openShell(page, "/");
      const footer = page.locator("footer");
      await expect(footer).toHaveAttribute("data-footer", "full");
      const status = footer.getByRole("listitem").filter({ hasText: "Status" });
      await expect(status.locator("[data-badge=status]")).toHaveText(STATUS_BADGE_TEXT);
      const ai = footer.getByRole("listitem").filter({ hasText: "AI Features" });
      await expect(ai.locator("[data-badge=new]")).toHaveText(NEW_BADGE_TEXT);
      for (const name of ["X", "Facebook", "LinkedIn", "Instagram"]) {
        await expect(footer.getByRole("link", { name: `Harbor Desk on ${name}` })).toBeVisible();
      }
      await expect(footer.getByRole("link", { name: "Do Not Sell" })).toHaveAttribute(
        "href",
        "/legal/do-not-sell/",
      );
      await expect(footer.getByText("1 Pier Street")).toBeVisible();
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Harbor Desk`);
    });

    test("the copyright shows the visitor's year, hydrating without errors", async ({
      page,
      pageErrors,
    }) => {
      // The HTML was prerendered in an earlier year than the visitor's clock says.
      const future = new Date().getFullYear() + 5;
      await page.clock.setFixedTime(new Date(`${future}-06-01T12:00:00Z`));
      await openShell(page, "/");
      await expect(page.locator("[data-copyright-year]")).toHaveText(String(future));
      expect(pageErrors).toEqual([]);
    });

    test("the header is static on its paths and scroll-reactive elsewhere", async ({ page }) => {
      for (const path of STATIC_HEADER_PATHS) {
        await openShell(page, path);
        await padDocument(page, 3000);
        await expect(header(page), path).toHaveAttribute("data-static", "true");
        await scrollToY(page, 2000);
        await scrollToY(page, 1700);
        await expect(header(page), path).toHaveAttribute("data-state", "uninitialized");
        await expect(header(page)).not.toBeInViewport();
      }
      await openShell(page, "/inbox/");
      await padDocument(page, 3000);
      await expect(header(page)).not.toHaveAttribute("data-static", "true");
      await scrollToY(page, 2000);
      await scrollToY(page, 1700);
      await expect(header(page)).toHaveAttribute("data-state", "showing");
      await expect(header(page)).toBeInViewport();
    });

    test("the CTA bar shows on its pages and with the query flag, nowhere else", async ({
      page,
    }) => {
      const eligible = ["/", "/inbox/", "/industry/saas/", "/compare/zendesk-alternative/"];
      for (const path of eligible) {
        await openShell(page, path);
        await expect(ctaBar(page), path).toHaveAttribute("data-phase", /waiting|visible/);
        await scrollToY(page, 100_000);
        await expect(ctaBar(page), path).toBeVisible();
      }
      for (const path of ["/customer-first/", "/lp/get-a-demo/", "/pricing/contact-based/"]) {
        await openShell(page, path);
        await scrollToY(page, 100_000);
        await expect(ctaBar(page), path).toHaveAttribute("data-phase", "hidden");
        await expect(ctaBar(page), path).toBeHidden();
      }
      await openShell(page, `/customer-first/?${CTA_BAR_QUERY_PARAM}=1`);
      await scrollToY(page, 100_000);
      await expect(ctaBar(page)).toBeVisible();
    });

    test("the tracking pixel loads on / and /pricing/ only", async ({ page, site }) => {
      for (const path of ["/", "/pricing/"]) {
        site.requests.clear();
        await openShell(page, path);
        await expect(page.locator("img[data-path-tag=tracking-pixel]")).toHaveAttribute(
          "src",
          SETTINGS.trackingPixelUrl,
        );
        await expect.poll(() => site.requests.count(SETTINGS.trackingPixelUrl, "GET")).toBe(1);
      }
      site.requests.clear();
      await openShell(page, "/inbox/");
      await expect(page.locator("img[data-path-tag]")).toHaveCount(0);
      expect(site.requests.count(SETTINGS.trackingPixelUrl)).toBe(0);
    });

    test("the ad pixel loads on /see-it-in-action/ paths only", async ({ page, site }) => {
      await openShell(page, "/see-it-in-action/inbox/");
      await expect(page.locator("img[data-path-tag=ad-pixel]")).toHaveAttribute(
        "src",
        SETTINGS.adPixelUrl,
      );
      await expect.poll(() => site.requests.count(SETTINGS.adPixelUrl, "GET")).toBe(1);
      site.requests.clear();
      await openShell(page, "/customer-first/");
      await expect(page.locator("img[data-path-tag]")).toHaveCount(0);
      expect(site.requests.count(SETTINGS.adPixelUrl)).toBe(0);
    });

    test("the buyer-intent script loads on the configured paths, once", async ({ page, site }) => {
      await openShell(page, "/inbox/");
      await page.waitForFunction(
        () => (window as unknown as { __buyerIntentRuns?: number }).__buyerIntentRuns === 1,
      );
      await expect(page.locator("script[data-path-tag=buyer-intent]")).toHaveCount(1);
      site.requests.clear();
      await openShell(page, "/customer-first/");
      await expect(page.locator("script[data-path-tag]")).toHaveCount(0);
      expect(site.requests.count(SETTINGS.buyerIntentScriptUrl)).toBe(0);
    });

    test("no navigation data: no header; no footer data: no footer", async ({
      page,
      bareSite,
      pageErrors,
    }) => {
      await page.goto(`${bareSite.url}/`);
      await page.waitForFunction(
        () => typeof (history.state as { key?: string } | null)?.key === "string",
      );
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.locator("header")).toHaveCount(0);
      await expect(menuToggle(page)).toHaveCount(0);
      await expect(mobileMenu(page)).toHaveCount(0);
      await expect(page.locator("footer")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Skip to content" })).toHaveCount(1);
      expect(pageErrors).toEqual([]);
    });
  });
}
