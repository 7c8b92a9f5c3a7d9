/**
 * Helpers for the shell's browser tests (tests/e2e/shell-*.spec.ts).
 */
import type { Locator, Page } from "@playwright/test";
import { STATIC_QUERY_HASH } from "../../src/content/static-queries.ts";
import type { FaultServer } from "./support/fault-server.ts";
import { waitForHydration } from "./support/page-state.ts";

export { isSameDocument, markDocument } from "./support/page-state.ts";

export const DESKTOP = { width: 1280, height: 800 };
/** The spec's XS breakpoint: the narrowest layout. */
export const PHONE = { width: 375, height: 740 };
/** Between M (768) and L (1024): the mobile menu, but outside clicks keep it open. */
export const TABLET = { width: 800, height: 900 };

export const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["375 px", PHONE],
] as const;

/** Settings the tests rely on: content/settings.json plus the tag URLs `serveTags` adds. */
export const SETTINGS = {
  loginUrl: "https://secure.harbordesk.example/members/login/",
  demoUrl: "/lp/get-a-demo/",
  signupPlusUrl: "https://secure.harbordesk.example/members/register/plus/",
  supportEmail: "help@harbordesk.example",
  trackingPixelUrl: "/pixel.gif",
  adPixelUrl: "/ad-pixel.gif",
  buyerIntentScriptUrl: "/buyer-intent.js",
} as const;

const PIXEL = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

const TAG_SETTINGS = {
  trackingPixelUrl: SETTINGS.trackingPixelUrl,
  adPixelUrl: SETTINGS.adPixelUrl,
  buyerIntentScriptUrl: SETTINGS.buyerIntentScriptUrl,
};

/**
 * Configures the path-triggered tags for this test and serves them, so their requests can be
 * counted. The site's content leaves the tag URLs unset, so the site settings are rewritten
 * where the browser reads them: the site-settings static query file, which the loader fetches
 * on the first load and keeps for client-side navigations (pages do not inline it).
 */
export function serveTags(site: FaultServer): void {
  const settingsFile = `/page-data/sq/d/${STATIC_QUERY_HASH["site-settings"]}.json`;
  site.faults.set(settingsFile, {
    rewriteJson: (file) => ({ ...file, data: { ...file.data, ...TAG_SETTINGS } }),
  });
  const image = { status: 200, body: PIXEL, headers: { "content-type": "image/svg+xml" } };
  site.faults.set(SETTINGS.trackingPixelUrl, image);
  site.faults.set(SETTINGS.adPixelUrl, image);
  site.faults.set(SETTINGS.buyerIntentScriptUrl, {
    status: 200,
    body: "window.__buyerIntentRuns = (window.__buyerIntentRuns || 0) + 1;",
    headers: { "content-type": "text/javascript" },
  });
}

/**
 * Opens a page and waits until the router has hydrated and the shell's deferred part (CTA
 * bar, tags, hash links) has mounted.
 */
export async function openShell(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.locator("[data-cta-bar]").waitFor({ state: "attached" });
}

/** Scrolls the window and waits two frames, so rAF-throttled listeners have run. */
export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: "instant" });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
}

/**
 * Makes the document `px` taller without touching React's DOM, for scroll scenarios: an
 * absolutely positioned marker below the current end of the page.
 */
export async function padDocument(page: Page, px: number): Promise<void> {
  await page.evaluate((extra) => {
    const spacer = document.createElement("div");
    spacer.dataset.e2eSpacer = "";
    const end = document.documentElement.scrollHeight;
    spacer.style.cssText = `position:absolute;left:0;top:${end + extra - 1}px;width:1px;height:1px`;
    document.body.append(spacer);
  }, px);
}

export async function scrollMetrics(page: Page): Promise<{ max: number; viewport: number }> {
  return page.evaluate(() => ({
    max: document.documentElement.scrollHeight - window.innerHeight,
    viewport: window.innerHeight,
  }));
}

export function header(page: Page): Locator {
  return page.locator("header");
}

export function ctaBar(page: Page): Locator {
  return page.locator("[data-cta-bar]");
}

export function menuToggle(page: Page): Locator {
  return page.getByRole("button", { name: "Menu", exact: true });
}

export function mobileMenu(page: Page): Locator {
  return page.getByRole("dialog", { name: "Menu" });
}

/** The desktop menu (the mobile drawer also holds a nav named Main). */
export function desktopNav(page: Page): Locator {
  return page.locator("header").getByRole("navigation", { name: "Main" });
}

/** Marks the document so a test can tell a client-side navigation from a full page load. */
export async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}:${el.textContent?.trim()}`;
  });
}
