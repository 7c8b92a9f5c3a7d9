/**
 * The fixed CTA bar in a real browser: the 1/3 scroll threshold, dismissal and its 24-hour
 * expiry (clock controlled), separate demo and trial keys, and the client-navigation
 * persistence rule.
 */

import type { Page } from "@playwright/test";
import { CONSENT_CATEGORIES } from "../../src/consent/constants.ts";
import {
  CTA_BAR_DEMO_DISMISSED_KEY,
  CTA_BAR_DISMISS_MS,
  CTA_BAR_SCROLL_FRACTION,
  CTA_BAR_TRIAL_DISMISSED_KEY,
} from "../../src/shell/deferred-rules.ts";
import {
  ctaBar,
  isSameDocument,
  markDocument,
  openShell,
  scrollMetrics,
  scrollToY,
  serveTags,
  VIEWPORTS,
} from "./shell-support.ts";
import { expect, test } from "./support/fixtures.ts";

test.beforeEach(({ site }) => serveTags(site));
// A returning visitor who granted everything: no banner taking focus, path tags allowed.
test.use({ consentAnswered: CONSENT_CATEGORIES });

const START = new Date("2030-03-01T09:00:00Z").getTime();

async function expectShown(page: Page, variant: "demo" | "trial"): Promise<void> {
  const bar = ctaBar(page);
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("data-variant", variant);
  await expect(bar).not.toHaveAttribute("hidden");
  await expect(bar).toHaveAttribute("aria-hidden", "false");
}

async function expectHidden(page: Page): Promise<void> {
  const bar = ctaBar(page);
  await expect(bar).toBeHidden();
  await expect(bar).toHaveAttribute("hidden", "");
  await expect(bar).toHaveAttribute("aria-hidden", "true");
}

async function showBar(page: Page): Promise<void> {
  // After a client-side navigation the page's sections may still be on their way: a visitor
  // scrolls once there is something to scroll.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(0);
  await scrollToY(page, 100_000);
  await expect(ctaBar(page)).toHaveAttribute("data-phase", "visible");
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`CTA bar at ${label}`, () => {
    test.use({ viewport });

    test("appears once a third of (page height − viewport height) is scrolled", async ({
      page,
    }) => {
      await openShell(page, "/");
      const { max } = await scrollMetrics(page);
      const threshold = max * CTA_BAR_SCROLL_FRACTION;
      await expectHidden(page);
      await scrollToY(page, Math.floor(threshold) - 2);
      await expect(ctaBar(page)).toHaveAttribute("data-phase", "waiting");
      await expectHidden(page);
      await scrollToY(page, Math.ceil(threshold));
      await expectShown(page, "demo");
      // Once shown it stays, even back at the top.
      await scrollToY(page, 0);
      await expectShown(page, "demo");
    });

    test("dismissal hides it for 24 hours, stored with a 365-day expiry", async ({ page }) => {
      await page.clock.setFixedTime(START);
      await openShell(page, "/");
      await showBar(page);
      await ctaBar(page).getByRole("button", { name: "Dismiss" }).click();
      await expectHidden(page);
      const stored = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "null"),
        CTA_BAR_DEMO_DISMISSED_KEY,
      );
      expect(stored).toEqual({ value: START, expiresAt: START + 365 * 86_400_000 });

      await page.clock.setFixedTime(START + CTA_BAR_DISMISS_MS - 60_000);
      await openShell(page, "/");
      await scrollToY(page, 100_000);
      await expect(ctaBar(page)).toHaveAttribute("data-phase", "hidden");
      await expectHidden(page);

      await page.clock.setFixedTime(START + CTA_BAR_DISMISS_MS + 1_000);
      await openShell(page, "/");
      await showBar(page);
      await expectShown(page, "demo");
    });

    test("the demo and trial bars are dismissed separately", async ({ page }) => {
      await openShell(page, "/pricing/");
      await showBar(page);
      await expectShown(page, "trial");
      await ctaBar(page).getByRole("button", { name: "Dismiss" }).click();
      expect(
        await page.evaluate((key) => localStorage.getItem(key), CTA_BAR_TRIAL_DISMISSED_KEY),
      ).not.toBeNull();
      expect(
        await page.evaluate((key) => localStorage.getItem(key), CTA_BAR_DEMO_DISMISSED_KEY),
      ).toBeNull();
      await openShell(page, "/");
      await showBar(page);
      await expectShown(page, "demo");
    });

    test("across client navigation it stays visible going to /lp/get-a-demo/", async ({ page }) => {
      await openShell(page, "/");
      await showBar(page);
      await markDocument(page);
      await page.locator("main").getByRole("link", { name: "Get a demo" }).click();
      await expect(page).toHaveURL(/\/lp\/get-a-demo\/$/);
      expect(await isSameDocument(page)).toBe(true);
      await expectShown(page, "demo");
    });

    test("across client navigation it stays visible going to /pricing/contact-based/", async ({
      page,
    }) => {
      await openShell(page, "/pricing/");
      await showBar(page);
      await markDocument(page);
      await page.locator("main").getByRole("link", { name: "Price by contacts instead" }).click();
      await expect(page).toHaveURL(/\/pricing\/contact-based\/$/);
      expect(await isSameDocument(page)).toBe(true);
      await expectShown(page, "trial");
    });

    test("across client navigation it hides on other pages", async ({ page }) => {
      await openShell(page, "/");
      await showBar(page);
      await markDocument(page);
      await page.locator("footer").getByRole("link", { name: "Customer First" }).click();
      await expect(page).toHaveURL(/\/customer-first\/$/);
      expect(await isSameDocument(page)).toBe(true);
      await expectHidden(page);
      await scrollToY(page, 100_000);
      await expectHidden(page);

      // Another bar page starts over: hidden until its own threshold.
      await openShell(page, "/");
      await showBar(page);
      await markDocument(page);
      await page.locator("footer").getByRole("link", { name: "Shared Inbox" }).click();
      await expect(page).toHaveURL(/\/inbox\/$/);
      expect(await isSameDocument(page)).toBe(true);
      await expect(ctaBar(page)).toHaveAttribute("data-phase", "waiting");
      await expectHidden(page);
      await showBar(page);
    });
  });
}
