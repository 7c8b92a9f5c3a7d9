/** Pictures: the right variant per viewport, the hero preloaded first, and no layout shift. */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { createGate } from "./support/gate.ts";
import { waitForHydration } from "./support/page-state.ts";

const HERO = 'main img[fetchpriority="high"]';

/** The AVIF candidates of the hero's <picture>: [url path, width] pairs. */
async function heroCandidates(page: Page): Promise<[string, number][]> {
  const srcset = await page
    .locator(HERO)
    .locator("xpath=..")
    .locator('source[type="image/avif"]')
    .getAttribute("srcset");
  return (srcset ?? "").split(", ").map((entry) => {
    const [url, descriptor] = entry.split(" ");
    return [url ?? "", Number.parseInt(descriptor ?? "0", 10)];
  });
}

/** The path of the file an image shows, once it has loaded. */
async function currentSrc(image: Locator): Promise<string> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toBeTruthy();
  return new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
}

for (const { width, expected } of [
  // 100vw of a 375 px phone: the smallest candidate that covers 375 px.
  { width: 375, expected: 480 },
  // The 720 px column of a 1280 px desktop.
  { width: 1280, expected: 720 },
]) {
  test(`at ${width} px Chromium picks the ${expected} w AVIF variant of the hero`, async ({
    page,
    pageErrors,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const candidates = await heroCandidates(page);
    expect(candidates.map(([, w]) => w)).toEqual([480, 720, 1080, 1440]);
    const picked = await currentSrc(page.locator(HERO));
    expect(picked).toBe(candidates.find(([, w]) => w === expected)?.[0]);
    expect(picked).toMatch(/\.avif$/);
    expect(pageErrors).toEqual([]);
  });
}

test.describe("on Lighthouse's phone (412 px at 1.75x)", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test("the hero fills the column its sizes promise, and Chromium picks the 720 w variant", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/blog/ai-that-helps/");
    // The column is the viewport less the gutters: with `100vw` the phone asked for 721 px
    // and took the 1080 w file, 2.25 times the pixels.
    const shown = await page.locator(HERO).evaluate((img) => img.getBoundingClientRect().width);
    expect(shown).toBe(412 - 40);
    await expect(page.locator(HERO)).toHaveAttribute(
      "sizes",
      "(min-width: 760px) 720px, calc(100vw - 40px)",
    );
    const candidates = await heroCandidates(page);
    expect(await currentSrc(page.locator(HERO))).toBe(candidates.find(([, w]) => w === 720)?.[0]);
    expect(pageErrors).toEqual([]);
  });

  test("a resource card's image asks for the card's width, not the column's: the 640 w variant", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/resources/");
    const image = page.locator(HERO).first();
    // 412 less the gutters (2 × 20) and the card's padding and border (2 × 25).
    expect(await image.evaluate((img) => img.getBoundingClientRect().width)).toBe(322);
    await expect(image).toHaveAttribute("sizes", /calc\(100vw - 90px\)$/);
    expect(await currentSrc(image)).toMatch(/-640\.\w+\.avif$/);
    expect(pageErrors).toEqual([]);
  });
});

test("the hero is preloaded with high priority and loads eagerly; other images are lazy", async ({
  page,
}) => {
  await page.goto("/blog/measuring-what-matters/");
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute("fetchpriority", "high");
  await expect(preload).toHaveAttribute("type", "image/avif");
  const hero = page.locator(HERO);
  const heroSrcset = await hero
    .locator("xpath=..")
    .locator('source[type="image/avif"]')
    .getAttribute("srcset");
  await expect(preload).toHaveAttribute("imagesrcset", heroSrcset ?? "");
  await expect(preload).toHaveAttribute("imagesizes", (await hero.getAttribute("sizes")) ?? "");
  await expect(hero).toHaveAttribute("loading", "eager");
  await expect(hero).toHaveAttribute("alt", /reports overview/);
  // The byline portrait is not the page's largest: lazy and async.
  const avatar = page.locator('main img[alt="Portrait of Tomás Okafor"]');
  await expect(avatar).toHaveAttribute("loading", "lazy");
  await expect(avatar).toHaveAttribute("decoding", "async");
  await expect(avatar).toHaveAttribute("width", "40");
  await expect(avatar).toHaveAttribute("height", "40");
});

test("a list's first card image, its first screen's largest, loads eagerly with high priority", async ({
  page,
}) => {
  await page.goto("/resources/");
  const cards = page.locator("main picture img");
  await expect(cards.first()).toHaveAttribute("loading", "eager");
  await expect(cards.first()).toHaveAttribute("fetchpriority", "high");
  await expect(cards.nth(1)).toHaveAttribute("loading", "lazy");
});

test("a book's cover, its first screen's largest on a phone, loads eagerly with high priority", async ({
  page,
}) => {
  await page.goto("/books/support-leaders-handbook/");
  const cover = page.getByRole("img", { name: /^Cover of The support leader/ });
  await expect(cover).toHaveAttribute("loading", "eager");
  await expect(cover).toHaveAttribute("fetchpriority", "high");
});

test("nothing shifts while images load (CLS 0)", async ({ page, pageErrors }) => {
  // Hold every image until the page has laid out without them, then let them through.
  const images = createGate();
  await page.route("**/assets/img/**", async (route) => {
    await images.opened;
    await route.continue();
  });
  // Sum every layout shift from the first paint on (an observer registered before any script).
  await page.addInitScript(() => {
    const state = window as unknown as { __layoutShift: number };
    state.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.__layoutShift += (entry as PerformanceEntry & { value: number }).value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/blog/measuring-what-matters/", { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  const hero = page.locator(HERO);
  const before = await hero.boundingBox();
  // The reserved box already has the picture's aspect ratio (a 1600×1000 source: 16:10) at
  // the article column's width (at most the cover preset's 720 px).
  const width = before?.width ?? 0;
  expect(width).toBeGreaterThan(600);
  expect(width).toBeLessThanOrEqual(720);
  expect(before?.height).toBeCloseTo((width * 1000) / 1600, 0);
  expect(await hero.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);

  images.open();
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll("main img")].every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
  expect(await hero.boundingBox()).toEqual(before);
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShift: number }).__layoutShift,
  );
  expect(shifts).toBe(0);
  expect(pageErrors).toEqual([]);
});
