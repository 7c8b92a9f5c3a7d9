/**
 * The first screen paints from the first response alone (issue 16): each page inlines the CSS
 * its markup uses, and the whole stylesheet arrives after the first paint. If the inline CSS
 * missed a rule the first screen needs, the page would change (shift) when the stylesheet
 * lands; these tests compare the two states pixel for pixel.
 */
import type { Browser } from "@playwright/test";
import { ROOT_ELEMENT_ID } from "../../src/protocol/index.ts";
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

  test("the whole stylesheet downloads after the first paint and applies when the page changes", async ({
    page,
  }) => {
    const initial = await page.request.get("/pricing/");
    const html = await initial.text();
    // Outside <noscript>, nothing in the first response waits for a stylesheet.
    expect(html.replace(/<noscript>.*?<\/noscript>/g, "")).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<style>.+<\/style>/);

    await page.goto("/pricing/");
    await waitForHydration(page);
    const linked = () =>
      page.evaluate(() => {
        const link = document.querySelector<HTMLLinkElement>('link[href^="/assets/client-"]');
        return { media: link?.media, rules: link?.sheet?.cssRules.length ?? 0 };
      });
    // Downloaded, parsed, but not applied: nothing on screen needs it yet.
    await expect.poll(async () => (await linked()).rules).toBeGreaterThan(0);
    expect((await linked()).media).toBe("print");

    // A hidden element of a class the first paint never had, and a shown one of a class the
    // page already has, change nothing on screen that the inline CSS does not cover.
    await page.evaluate((rootId) => {
      const root = document.getElementById(rootId) as HTMLElement;
      // The header's rows are flex boxes: a class with rules in the inline CSS.
      const known = "flex";
      if (!root.querySelector(`.${known}`)) throw new Error("the page has no .flex element");
      const hidden = Object.assign(document.createElement("div"), {
        className: "a-class-the-first-paint-never-had",
        hidden: true,
        id: "hidden-by-test",
      });
      root.append(hidden, Object.assign(document.createElement("div"), { className: known }));
    }, ROOT_ELEMENT_ID);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect((await linked()).media).toBe("print");
    // Shown, it may need rules the inline CSS lacks: the stylesheet applies before it paints.
    await page.evaluate(() => document.getElementById("hidden-by-test")?.removeAttribute("hidden"));
    await expect.poll(async () => (await linked()).media).toBe("all");
  });

  test("icons paint as rounded lines or solid shapes, from the inline CSS and the stylesheet", async ({
    browser,
    site,
  }) => {
    // The icons carry no paint attributes of their own (src/ui/icons.tsx): without the two
    // rules that paint them, a line icon would be a black filled shape.
    const paintOf = (svg: SVGElement) => {
      const style = getComputedStyle(svg);
      return {
        fill: style.fill,
        stroke: style.stroke,
        width: style.strokeWidth,
        cap: style.strokeLinecap,
        join: style.strokeLinejoin,
        color: style.color,
      };
    };
    for (const stylesheet of ["blocked", "loaded"] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      if (stylesheet === "blocked") await page.route(/\/assets\/[^/]+\.css$/, (r) => r.abort());
      await page.goto(new URL("/", site.url).href);
      // The header's logo, in the first screen: painted by the inline CSS alone.
      const logo = await page.locator("header a[href='/'] svg").first().evaluate(paintOf);
      expect(logo, `logo, stylesheet ${stylesheet}`).toEqual({
        fill: "none",
        stroke: logo.color,
        width: "2px",
        cap: "round",
        join: "round",
        color: logo.color,
      });
      if (stylesheet === "loaded") {
        // Below the first screen, from the stylesheet: a solid logo and a line one.
        const social = (name: string) =>
          page
            .getByRole("link", { name: `Harbor Desk on ${name}` })
            .locator("svg")
            .evaluate(paintOf);
        const facebook = await social("Facebook");
        expect(facebook.fill).toBe(facebook.color);
        expect(facebook.stroke).toBe("none");
        const x = await social("X");
        expect([x.fill, x.stroke, x.width]).toEqual(["none", x.color, "2px"]);
      }
      await context.close();
    }
  });

  test("a visitor's first key press or pointer applies the whole stylesheet", async ({ page }) => {
    await page.goto("/pricing/");
    await waitForHydration(page);
    const media = () =>
      page.evaluate(
        () => document.querySelector<HTMLLinkElement>('link[href^="/assets/client-"]')?.media,
      );
    await expect.poll(media).toBe("print");
    await page.keyboard.press("Tab");
    await expect.poll(media).toBe("all");
    // The focus ring the keyboard shows comes from the whole stylesheet.
    const outline = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      return focused ? getComputedStyle(focused).outlineStyle : "none";
    });
    expect(outline).not.toBe("none");
  });
});
