/**
 * The header in a real browser: the scroll state machine under scripted scrolling, desktop
 * dropdowns by pointer and keyboard, the mobile menu, and a keyboard-only walk from the skip
 * link through a dropdown to the main content.
 */

import { CONSENT_CATEGORIES } from "../../src/consent/constants.ts";
import {
  HEADER_HIDE_ON_SCROLL_DOWN_PX,
  HEADER_INITIAL_THRESHOLD,
  HEADER_SHOW_ON_SCROLL_UP_PX,
  MENU_DRAWER_REENABLE_MS,
} from "../../src/shell/constants.ts";
import {
  DESKTOP,
  desktopNav,
  focusedElement,
  header,
  isSameDocument,
  markDocument,
  menuToggle,
  mobileMenu,
  openShell,
  PHONE,
  padDocument,
  scrollMetrics,
  scrollToY,
  serveTags,
  TABLET,
  VIEWPORTS,
} from "./shell-support.ts";
import { expect, test } from "./support/fixtures.ts";

test.beforeEach(({ site }) => serveTags(site));
// A returning visitor who granted everything: no banner taking focus, path tags allowed.
test.use({ consentAnswered: CONSENT_CATEGORIES });

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`header scroll state at ${label}`, () => {
    test.use({ viewport });

    test("uninitialized → showing → hiding → showing → hiding at the bottom → reset at the top", async ({
      page,
    }) => {
      await openShell(page, "/inbox/");
      await padDocument(page, 4000);
      const { max, viewport: height } = await scrollMetrics(page);
      const threshold = height * HEADER_INITIAL_THRESHOLD;
      const state = () => header(page).getAttribute("data-state");

      expect(await state()).toBe("uninitialized");
      await scrollToY(page, 2000);
      expect(await state()).toBe("uninitialized");
      await expect(header(page)).not.toBeInViewport();

      // Up, but less than the distance: still out of the way.
      await scrollToY(page, 2000 - HEADER_SHOW_ON_SCROLL_UP_PX + 10);
      expect(await state()).toBe("uninitialized");
      await scrollToY(page, 2000 - HEADER_SHOW_ON_SCROLL_UP_PX);
      expect(await state()).toBe("showing");
      await expect(header(page)).toBeInViewport();

      const shownAt = 2000 - HEADER_SHOW_ON_SCROLL_UP_PX;
      await scrollToY(page, shownAt + HEADER_HIDE_ON_SCROLL_DOWN_PX - 10);
      expect(await state()).toBe("showing");
      await scrollToY(page, shownAt + HEADER_HIDE_ON_SCROLL_DOWN_PX);
      expect(await state()).toBe("hiding");
      await expect(header(page)).not.toBeInViewport();

      await scrollToY(page, shownAt + HEADER_HIDE_ON_SCROLL_DOWN_PX - HEADER_SHOW_ON_SCROLL_UP_PX);
      expect(await state()).toBe("showing");
      // Less than the hide distance, but the bottom of the page.
      await scrollToY(page, max - 50);
      await scrollToY(page, max);
      expect(await state()).toBe("hiding");

      await scrollToY(page, 0);
      expect(await state()).toBe("uninitialized");
      await expect(header(page)).toBeInViewport();

      // An upward scroll that starts before half the viewport height does not show it.
      await scrollToY(page, threshold - 1);
      await scrollToY(page, Math.max(1, threshold - 1 - HEADER_SHOW_ON_SCROLL_UP_PX));
      expect(await state()).toBe("uninitialized");
    });
  });
}

test.describe("header and the mobile menu at 375 px", () => {
  test.use({ viewport: PHONE });

  test("opening the menu hides a scrolled header and resets one near the top", async ({ page }) => {
    await openShell(page, "/inbox/");
    await padDocument(page, 4000);
    await scrollToY(page, 2000);
    await scrollToY(page, 1800);
    await expect(header(page)).toHaveAttribute("data-state", "showing");
    await menuToggle(page).click();
    await expect(mobileMenu(page)).toBeVisible();
    await expect(header(page)).toHaveAttribute("data-state", "hiding");
    await page.keyboard.press("Escape");

    await scrollToY(page, 0);
    await expect(header(page)).toHaveAttribute("data-state", "uninitialized");
    await menuToggle(page).click();
    await expect(header(page)).toHaveAttribute("data-state", "uninitialized");
  });

  test("the toggle opens the menu, focus moves in and is trapped; Escape closes and returns focus", async ({
    page,
  }) => {
    await openShell(page, "/");
    const toggle = menuToggle(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = mobileMenu(page);
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAttribute("aria-controls", (await menu.getAttribute("id")) ?? "");
    await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();

    // Forwards and backwards, focus never leaves the menu.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(
        true,
      );
    }
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(
        true,
      );
    }

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("a click outside closes the menu under 768 px", async ({ page }) => {
    await openShell(page, "/");
    await menuToggle(page).click();
    await expect(mobileMenu(page)).toBeVisible();
    await page.mouse.click(10, PHONE.height / 2);
    await expect(mobileMenu(page)).toBeHidden();
  });

  test("choosing a link closes the menu and its drawers; drawers re-enable 300 ms later", async ({
    page,
  }) => {
    await page.clock.install();
    await openShell(page, "/");
    await markDocument(page);
    await menuToggle(page).click();
    const menu = mobileMenu(page);
    const product = menu.getByRole("button", { name: "Product" });
    await product.click();
    await expect(product).toHaveAttribute("aria-expanded", "true");
    const drawer = page.locator(`[id="${await product.getAttribute("aria-controls")}"]`);
    await expect(drawer).toBeVisible();

    // From here page time stands still unless the test moves it, so the 300 ms is measured
    // exactly however slow the machine is.
    await page.clock.pauseAt(new Date(Date.now() + 2000));
    await menu.getByRole("link", { name: "Knowledge Base" }).click();
    await expect(page).toHaveURL(/\/knowledge-base\/$/);
    expect(await isSameDocument(page)).toBe(true);
    await expect(menu).toBeHidden();
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false");

    // Reopened at once: the drawers are closed and still disabled…
    const wrapper = page.locator("[data-drawers-enabled]");
    await menuToggle(page).click();
    await expect(product).toHaveAttribute("aria-expanded", "false");
    expect(await wrapper.getAttribute("data-drawers-enabled")).toBe("false");
    await expect(product).toBeDisabled();
    // …until MENU_DRAWER_REENABLE_MS after the close.
    await page.clock.runFor(MENU_DRAWER_REENABLE_MS - 10);
    await expect(product).toBeDisabled();
    await page.clock.runFor(20);
    await expect(product).toBeEnabled();
    await product.click();
    await expect(product).toHaveAttribute("aria-expanded", "true");
  });
});

test.describe("the mobile menu between 768 and 1024 px", () => {
  test.use({ viewport: TABLET });

  test("a click outside does not close it", async ({ page }) => {
    await openShell(page, "/");
    await menuToggle(page).click();
    await expect(mobileMenu(page)).toBeVisible();
    await page.mouse.click(10, TABLET.height / 2);
    await expect(mobileMenu(page)).toBeVisible();
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
    // The drawer covers the toggle here; its close button closes it.
    await mobileMenu(page).getByRole("button", { name: "Close menu" }).click();
    await expect(mobileMenu(page)).toBeHidden();
  });
});

test.describe("desktop dropdowns", () => {
  test.use({ viewport: DESKTOP });

  test("open on hover and close when the pointer leaves", async ({ page }) => {
    await openShell(page, "/");
    const button = desktopNav(page).getByRole("button", { name: "Product" });
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeHidden();
    await button.hover();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link", { name: /Shared Inbox/ })).toBeVisible();
    await expect(
      panel.getByRole("link", { name: /See Harbor Desk in five minutes/ }),
    ).toBeVisible();
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });

  test("open and move by keyboard; Escape closes and returns focus", async ({ page }) => {
    await openShell(page, "/");
    const button = desktopNav(page).getByRole("button", { name: "Resources" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("ArrowDown");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    expect(await focusedElement(page)).toMatch(/^a:Blog/);
    await page.keyboard.press("ArrowDown");
    expect(await focusedElement(page)).toMatch(/^a:Guides and reports/);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await focusedElement(page)).toMatch(/^a:Interview Builder/);
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await page.keyboard.press("ArrowUp");
    expect(await focusedElement(page)).toMatch(/^a:Interview Builder/);
    // Tabbing out of the dropdown closes it.
    await page.keyboard.press("Tab");
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("keyboard only: skip link → dropdown → sub-item → main content", async ({ page }) => {
    await openShell(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main-content")).toBeFocused();

    // Again from the top of the tab order: skip link, logo, then the first dropdown.
    await openShell(page, "/");
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const product = desktopNav(page).getByRole("button", { name: "Product" });
    await expect(product).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(product).toHaveAttribute("aria-expanded", "true");
    // Platform, Shared Inbox, then Knowledge Base.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focusedElement(page)).toMatch(/^a:Knowledge Base/);
    await markDocument(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/knowledge-base\/$/);
    expect(await isSameDocument(page)).toBe(true);
    await expect(page.locator("#main-content")).toBeFocused();
    await expect(product).toHaveAttribute("aria-expanded", "false");
  });
});
