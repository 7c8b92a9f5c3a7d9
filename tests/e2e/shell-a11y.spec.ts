/**
 * axe-core on the home page in the shell's four states: menu closed, a dropdown open, the
 * mobile menu open, and the CTA bar visible.
 */
import { CONSENT_CATEGORIES } from "../../src/consent/constants.ts";
import {
  ctaBar,
  DESKTOP,
  desktopNav,
  menuToggle,
  mobileMenu,
  openShell,
  PHONE,
  scrollToY,
  serveTags,
} from "./shell-support.ts";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";

test.beforeEach(({ site }) => serveTags(site));
// The shell's own states, with consent already answered: a banner fading in mid-scan would make
// the result depend on timing. The banner's states are scanned page by page in pages-a11y.
test.use({ consentAnswered: CONSENT_CATEGORIES });

test.describe("axe at desktop", () => {
  test.use({ viewport: DESKTOP });

  test("home page, menu closed", async ({ page }) => {
    await openShell(page, "/");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("home page, a dropdown open", async ({ page }) => {
    await openShell(page, "/");
    const product = desktopNav(page).getByRole("button", { name: "Product" });
    await product.click();
    await expect(product).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: /See Harbor Desk in five minutes/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("home page, CTA bar visible", async ({ page }) => {
    await openShell(page, "/");
    await scrollToY(page, 100_000);
    await expect(ctaBar(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("axe at 375 px", () => {
  test.use({ viewport: PHONE });

  test("home page, menu closed", async ({ page }) => {
    await openShell(page, "/");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("home page, mobile menu open with a drawer open", async ({ page }) => {
    await openShell(page, "/");
    await menuToggle(page).click();
    await mobileMenu(page).getByRole("button", { name: "Product" }).click();
    await expect(mobileMenu(page).getByRole("link", { name: "Shared Inbox" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("home page, CTA bar visible", async ({ page }) => {
    await openShell(page, "/");
    await scrollToY(page, 100_000);
    await expect(ctaBar(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
