/**
 * The interactive sections of content pages, which hydrate as islands between static runs of
 * prerendered sections: the pricing table's billing toggle and the video facade, on a first
 * visit and after a client-side navigation.
 */
import type { Page } from "@playwright/test";
import { CONSENT_CATEGORIES } from "../../src/consent/constants.ts";
import { expect, test } from "./support/fixtures.ts";
import { createGate } from "./support/gate.ts";
import { isSameDocument, markDocument, waitForHydration } from "./support/page-state.ts";

/** A page with a video section (the product tour is a walkthrough of screens). */
const VIDEO_PAGE = "/see-it-in-action/inbox/";

test.use({ consentAnswered: CONSENT_CATEGORIES });

const pricingTable = (page: Page) => page.locator('[data-section="pricing-table"]');
const billing = (page: Page, label: "Monthly" | "Annual") =>
  pricingTable(page).getByRole("group", { name: "Billing period" }).getByRole("button", {
    name: label,
  });
const standardPrice = (page: Page) => pricingTable(page).locator("[data-price]").first();

async function expectToggleWorks(page: Page): Promise<void> {
  await expect(billing(page, "Annual")).toHaveAttribute("aria-pressed", "true");
  await expect(standardPrice(page)).toHaveText("$20");
  await billing(page, "Monthly").click();
  await expect(billing(page, "Monthly")).toHaveAttribute("aria-pressed", "true");
  await expect(billing(page, "Annual")).toHaveAttribute("aria-pressed", "false");
  await expect(standardPrice(page)).toHaveText("$25");
  await expect(pricingTable(page).getByText("billed monthly").first()).toBeVisible();
  await billing(page, "Annual").click();
  await expect(standardPrice(page)).toHaveText("$20");
}

/**
 * Holds back the chunk of live section components until the returned function is called, so
 * the page shows the adopted server markup meanwhile.
 */
async function holdBackLiveSections(page: Page): Promise<() => void> {
  const gate = createGate();
  await page.route(/\/content-body-[^/]*\.js$/, async (route) => {
    await gate.opened;
    await route.continue();
  });
  return gate.open;
}

test("the pricing toggle switches every plan's price on a first visit", async ({
  page,
  pageErrors,
}) => {
  // The sections around the table stay the prerendered markup: the heading element the HTML
  // parser created (marked before any script runs) is still the one on screen once the table
  // has gone live.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const h1 = document.querySelector("h1");
      if (!h1) return;
      (h1 as HTMLElement & { parsed?: boolean }).parsed = true;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto("/pricing/");
  await waitForHydration(page);
  await expectToggleWorks(page);
  expect(
    await page
      .locator("h1")
      .evaluate((h1) => (h1 as HTMLElement & { parsed?: boolean }).parsed === true),
  ).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  expect(pageErrors).toEqual([]);
});

test("a play pressed before the live components arrive still plays", async ({
  page,
  pageErrors,
}) => {
  // The visitor acts on the adopted server markup, which has no handlers of its own.
  const release = await holdBackLiveSections(page);
  await page.goto(VIDEO_PAGE);
  await waitForHydration(page);
  const video = page.locator('[data-section="video"]').first();
  const play = video.getByRole("button", { name: /Play video/ });
  await play.click();
  await expect(video.locator("iframe")).toHaveCount(0);
  release();
  await expect(video.locator("iframe")).toHaveAttribute("src", /hd-inbox-2026/);
  expect(pageErrors.filter((error) => !/youtube|ERR_/.test(error))).toEqual([]);
});

test("a billing toggle focused early keeps focus when the table goes live", async ({ page }) => {
  const release = await holdBackLiveSections(page);
  await page.goto("/pricing/");
  await waitForHydration(page);
  const monthly = billing(page, "Monthly");
  await monthly.focus();
  await monthly.evaluate((button) => {
    (button as HTMLElement & { adopted?: boolean }).adopted = true;
  });
  release();
  // The adopted button is replaced by its live twin, which has the focus: Space on it
  // switches the period.
  await expect
    .poll(() =>
      monthly.evaluate((button) => (button as HTMLElement & { adopted?: boolean }).adopted),
    )
    .toBeUndefined();
  await expect(monthly).toBeFocused();
  await expect(standardPrice(page)).toHaveText("$20");
  await page.keyboard.press("Space");
  await expect(standardPrice(page)).toHaveText("$25");
});

test("the pricing toggle works after a client-side navigation", async ({ page, pageErrors }) => {
  await page.goto("/");
  await waitForHydration(page);
  await markDocument(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Pricing" })
    .click();
  await expect(page).toHaveURL(/\/pricing\/$/);
  expect(await isSameDocument(page)).toBe(true);
  // The sections before and after the live table render too, not just the island.
  await expect(
    page.getByRole("heading", { level: 1, name: "Plans that grow with your team" }),
  ).toBeVisible();
  await expect(page.locator('[data-section="faq"]').first()).toBeVisible();
  await expectToggleWorks(page);
  expect(pageErrors).toEqual([]);
});

test("the video facade loads the player only when the visitor presses play", async ({
  page,
  pageErrors,
}) => {
  await page.goto(VIDEO_PAGE);
  await waitForHydration(page);
  // The player's frame must get past the CSP (the build adds its origin to frame-src).
  await page.evaluate(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { __violations: string[] }).__violations.push(event.effectiveDirective),
    );
  });
  const video = page.locator('[data-section="video"]').first();
  await expect(video.locator("iframe")).toHaveCount(0);
  await video.getByRole("button", { name: /Play video/ }).click();
  await expect(video.locator("iframe")).toHaveAttribute("src", /hd-inbox-2026/);
  await expect(video.locator("iframe")).toHaveAttribute(
    "title",
    "Harbor Desk shared inbox in action",
  );
  expect(
    await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  ).toEqual([]);
  expect(pageErrors.filter((error) => !/youtube|ERR_/.test(error))).toEqual([]);
});

test("no page creates an Intl formatter while it loads, hydrates or toggles prices", async ({
  page,
}) => {
  // The first Intl formatter of a page loads the browser's ICU data, one long task of 50 ms or
  // more (src/lib/format.ts); the site's formatters spell en-US by hand instead.
  await page.addInitScript(() => {
    const created: string[] = [];
    (window as unknown as { intlCreated: string[] }).intlCreated = created;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of [
      "NumberFormat",
      "DateTimeFormat",
      "PluralRules",
      "Collator",
      "ListFormat",
    ]) {
      const original = intl[name] as (new (...args: unknown[]) => object) | undefined;
      if (!original) continue;
      intl[name] = new Proxy(original, {
        construct(target, args) {
          created.push(name);
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          created.push(name);
          return Reflect.apply(target, self, args);
        },
      });
    }
    const patch = (proto: object, method: string) => {
      const original = (proto as Record<string, (...args: unknown[]) => unknown>)[method];
      (proto as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        created.push(method);
        return original?.apply(this, args);
      };
    };
    patch(Number.prototype, "toLocaleString");
    patch(Date.prototype, "toLocaleDateString");
    patch(Date.prototype, "toLocaleString");
    patch(String.prototype, "localeCompare");
  });
  const created = () =>
    page.evaluate(() => (window as unknown as { intlCreated: string[] }).intlCreated);

  await page.goto("/pricing/");
  await waitForHydration(page);
  await expectToggleWorks(page);
  expect(await created()).toEqual([]);

  for (const path of ["/", "/blog/"]) {
    await page.goto(path);
    await waitForHydration(page);
    // The deferred shell and idle work (attribution, prefetching) have had their turn.
    await page.waitForLoadState("networkidle");
    expect(await created(), path).toEqual([]);
  }
});
