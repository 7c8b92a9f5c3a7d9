/**
 * The first screen paints from the first response alone (issue 16): each page inlines the CSS
 * its markup uses, and the whole stylesheet arrives after the first paint. If the inline CSS
 * missed a rule the first screen needs, the page would change (shift) when the stylesheet
 * lands; these tests compare the two states pixel for pixel.
 */
import type { Browser } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/page-state.ts";

/** One page per kind of first screen: hero + image, tables, a tool, a long list, an error page. */
const PAGES = [
  "/",
  "/pricing/",
  "/blog/",
  "/blog/when-to-turn-on-live-chat/",
  "/help-desk-staffing-calculator/",
  "/interview-builder/",
  "/careers/",
  "/no-such-page/",
];
const WIDTHS = [375, 1280] as const;

/** The first screen without JavaScript, with or without the stylesheet the <noscript> links. */
async function firstScreen(
  browser: Browser,
  url: string,
  width: number,
  stylesheet: "loaded" | "blocked",
): Promise<Buffer> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 800 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  let blocked = 0;
  if (stylesheet === "blocked") {
    await page.route(/\/assets\/[^/]+\.css$/, (route) => {
      blocked += 1;
      return route.abort();
    });
  }
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
  // Images in the first screen (eager ones) have loaded before the shot.
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.loading === "lazy" || image.complete),
  );
  const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
  await context.close();
  if (stylesheet === "blocked") expect(blocked, "the stylesheet was requested").toBeGreaterThan(0);
  return shot;
}

test.describe("critical CSS", () => {
  for (const path of PAGES) {
    test(`${path} paints its first screen from the inline CSS alone`, async ({ browser, site }) => {
      for (const width of WIDTHS) {
        const url = new URL(path, site.url).href;
        const inlineOnly = await firstScreen(browser, url, width, "blocked");
        const whole = await firstScreen(browser, url, width, "loaded");
        expect(inlineOnly.equals(whole), `${path} at ${width} px`).toBe(true);
      }
    });
  }

  test("the whole stylesheet is linked after the first paint and applies", async ({ page }) => {
    const initial = await page.request.get("/pricing/");
    const html = await initial.text();
    // Outside <noscript>, nothing in the first response waits for a stylesheet.
    expect(html.replace(/<noscript>.*?<\/noscript>/g, "")).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<style>.+<\/style>/);

    await page.goto("/pricing/");
    await waitForHydration(page);
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => ({
        href: sheet.href ? new URL(sheet.href).pathname : null,
        rules: sheet.cssRules.length,
      })),
    );
    const linked = sheets.find((sheet) => sheet.href?.startsWith("/assets/client-"));
    expect(linked?.rules).toBeGreaterThan(0);
    // A rule that no element of /pricing/ uses at load, so not inline, applies now: the
    // mobile menu's panel (shown only once opened) is styled.
    const inline = sheets.find((sheet) => sheet.href === null);
    expect(linked?.rules ?? 0).toBeGreaterThan(inline?.rules ?? 0);
  });
});
