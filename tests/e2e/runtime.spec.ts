/**
 * The page loader's rules, one test each, against the built site behind a fault-injecting
 * server: what the visitor sees and which requests the browser made.
 */
import type { Page } from "@playwright/test";
import {
  BUILD_HASH_RELOAD_FLAG,
  DELAYED_NAVIGATION_MS,
  PAGE_DATA_RETRIES,
  PREFETCH_BATCH_SIZE,
  PREFETCH_INTERVAL_MS,
} from "../../src/runtime/constants.ts";
import { expect, test } from "./support/fixtures.ts";
import { createGate } from "./support/gate.ts";
import { isSameDocument, markDocument, waitForHydration } from "./support/page-state.ts";

const FROM = "/blog/";
const TARGET = "/blog/measuring-what-matters/";
const TARGET_LINK = "Measuring what matters in customer service";
const TARGET_HEADING = "Measuring what matters in customer service";
const TARGET_PAGE_DATA = "/page-data/blog/measuring-what-matters/page-data.json";

async function openAndWaitForHydration(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Page time starts frozen: only `clock.runFor` moves it, and the browser never goes idle. */
async function freezeClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date("2026-01-01T00:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-01T00:00:01Z"));
}

/**
 * Records every fetch() the page makes in sessionStorage, so the count survives the full page
 * load that ends a failed navigation. (The server's log alone is not enough: Chromium retries
 * a request whose reused socket was dropped, on its own.)
 */
async function recordFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const calls = JSON.parse(sessionStorage.getItem("__fetches") ?? "[]") as string[];
      calls.push(new URL(url, location.href).pathname);
      sessionStorage.setItem("__fetches", JSON.stringify(calls));
      return original(input, init);
    };
  });
}

async function fetchesOf(page: Page, path: string): Promise<number> {
  return page.evaluate(
    (target) =>
      (JSON.parse(sessionStorage.getItem("__fetches") ?? "[]") as string[]).filter(
        (url) => url === target,
      ).length,
    path,
  );
}

async function clickTarget(page: Page): Promise<void> {
  await page.getByRole("link", { name: TARGET_LINK }).first().click();
}

test("a page navigates on the client, without a full page load", async ({
  page,
  site,
  pageErrors,
}) => {
  await openAndWaitForHydration(page, FROM);
  await markDocument(page);
  await clickTarget(page);
  await expect(page).toHaveURL(TARGET);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
  expect(await isSameDocument(page)).toBe(true);
  expect(site.requests.count(TARGET, "GET")).toBe(0);
  expect(site.requests.count(TARGET_PAGE_DATA, "GET")).toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
});

test("page data 404 shows the 404 page at the requested URL", async ({ page, site }) => {
  await openAndWaitForHydration(page, FROM);
  await markDocument(page);
  site.faults.set(TARGET_PAGE_DATA, { status: 404 });
  site.faults.set(TARGET, { status: 404 });
  await clickTarget(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveURL(TARGET);
  expect(await isSameDocument(page)).toBe(true);
  expect(site.requests.count("/page-data/404.html/page-data.json", "GET")).toBeLessThanOrEqual(1);
  expect(site.requests.count(TARGET, "HEAD")).toBe(1);
});

test("page data 404 for a path that is a real file on the server loads it in full", async ({
  page,
  site,
}) => {
  await openAndWaitForHydration(page, FROM);
  await markDocument(page);
  site.faults.set(TARGET_PAGE_DATA, { status: 404 });
  await clickTarget(page);
  await expect(page).toHaveURL(TARGET);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
  expect(await isSameDocument(page)).toBe(false);
  expect(site.requests.count(TARGET, "HEAD")).toBe(1);
  expect(site.requests.count(TARGET, "GET")).toBe(1);
});

test("page data 500 shows the 500 page at the requested URL", async ({ page, site }) => {
  await openAndWaitForHydration(page, FROM);
  await markDocument(page);
  site.faults.set(TARGET_PAGE_DATA, { status: 500 });
  // By keyboard: the pointer over the link would prefetch its page data, and a 500 is asked for
  // again (the loader keeps only answers a retry cannot change), so a prefetch answered before
  // the click made two requests on a slow machine.
  await page.getByRole("link", { name: TARGET_LINK }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page).toHaveURL(TARGET);
  expect(await isSameDocument(page)).toBe(true);
  expect(site.requests.count(TARGET_PAGE_DATA, "GET")).toBe(1);
});

for (const [label, fault] of [
  ["answers 503", { status: 503 }],
  ["drops the connection", { drop: true as const }],
] as const) {
  test(`page data that ${label} is retried ${PAGE_DATA_RETRIES} times, then the page loads in full`, async ({
    page,
    site,
  }) => {
    await recordFetches(page);
    await openAndWaitForHydration(page, FROM);
    await markDocument(page);
    site.faults.set(TARGET_PAGE_DATA, fault);
    await clickTarget(page);
    await expect(page).toHaveURL(TARGET);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
    expect(await isSameDocument(page)).toBe(false);
    expect(site.requests.count(TARGET, "GET")).toBe(1);
    // The first request plus the retries, then the full page load reads the page from its HTML.
    expect(await fetchesOf(page, TARGET_PAGE_DATA)).toBe(1 + PAGE_DATA_RETRIES);
    expect(site.requests.count(TARGET_PAGE_DATA, "GET")).toBeGreaterThanOrEqual(
      1 + PAGE_DATA_RETRIES,
    );
  });
}

test("a changed build hash on client navigation loads the target in full", async ({
  page,
  site,
}) => {
  await openAndWaitForHydration(page, `${FROM}`);
  await markDocument(page);
  site.faults.set(TARGET_PAGE_DATA, {
    rewriteJson: (json) => ({ ...json, compilationHash: "a-newer-build" }),
  });
  await clickTarget(page);
  await expect(page).toHaveURL(TARGET);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
  expect(await isSameDocument(page)).toBe(false);
  expect(site.requests.count(TARGET, "GET")).toBe(1);
});

test("a changed build hash on first load reloads exactly once, never in a loop", async ({
  page,
  site,
}) => {
  // The deployed app-data keeps answering a hash this HTML was not built with.
  site.faults.set("/page-data/app-data.json", {
    rewriteJson: (json) => ({ ...json, compilationHash: "a-newer-build" }),
  });
  await page.goto(FROM);
  await expect.poll(() => site.requests.count(FROM, "GET")).toBe(2);
  // The reloaded page hydrates and stays: no second reload however long we wait for one.
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  expect(site.requests.count(FROM, "GET")).toBe(2);
  expect(site.requests.count("/page-data/app-data.json", "GET")).toBe(2);
});

test("a matching build hash clears the reload guard", async ({ page }) => {
  await page.goto(FROM);
  await page.evaluate((key) => sessionStorage.setItem(key, "1"), BUILD_HASH_RELOAD_FLAG);
  await page.reload();
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), BUILD_HASH_RELOAD_FLAG))
    .toBeNull();
});

test("a component chunk that fails to load sends the browser to the page in full", async ({
  page,
  site,
}) => {
  await openAndWaitForHydration(page, FROM);
  await markDocument(page);
  site.faults.set(/^\/assets\/blog-post-[\w-]+\.js$/, { status: 404 });
  await clickTarget(page);
  await expect(page).toHaveURL(TARGET);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
  expect(await isSameDocument(page)).toBe(false);
  expect(site.requests.count(TARGET, "GET")).toBe(1);
});

test("a slow navigation shows the delayed notice after 1 s, and hides it when done", async ({
  page,
  site,
}) => {
  // The target's page data is held until the test releases it, so however slow this machine
  // is, the answer can never arrive before the notice's timer (page time, moved only by
  // runFor) has been checked. Held from the start: a prefetch of it waits at the gate too.
  const gate = createGate();
  site.faults.set(TARGET_PAGE_DATA, { holdUntil: gate.opened });
  await freezeClock(page);
  await page.goto(FROM);
  // A paused clock never goes idle: once the shell has hydrated, the visitor's first key
  // press starts the islands instead (src/runtime/idle.ts, idleOrIntent).
  await page.waitForFunction(() => typeof history.state?.key === "string");
  await page.keyboard.press("Shift");
  await waitForHydration(page);
  const progress = page.locator(".hd-progress");
  await clickTarget(page);
  // The click loads the navigation engine first (the prefetcher that would have loaded it
  // waits for an idle that a paused clock never reaches); its request for the page data,
  // held at the gate, shows the notice's timer is running.
  await expect.poll(() => site.requests.count(TARGET_PAGE_DATA, "GET")).toBeGreaterThan(0);
  await page.clock.runFor(DELAYED_NAVIGATION_MS - 10);
  await expect(progress).toHaveAttribute("data-visible", "false");
  await page.clock.runFor(20);
  await expect(progress).toHaveAttribute("data-visible", "true");
  await expect(progress).toContainText("Loading page");
  gate.open();
  await page.clock.resume();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
  await expect(progress).toHaveAttribute("data-visible", "false");
});

test("after navigation focus moves to the main content and the page is announced", async ({
  page,
}) => {
  await openAndWaitForHydration(page, FROM);
  await clickTarget(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
  await expect(page.locator("#main-content")).toBeFocused();
  await expect(page.locator("#route-announcer")).toHaveText(`Navigated to ${TARGET_HEADING}`);
  await expect(page).toHaveTitle(/Measuring what matters/);
});

test("back and forward restore the page and its scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 400 });
  await openAndWaitForHydration(page, FROM);
  // Scroll so the link sits 300 px below the top: clicking it then scrolls nothing, and the
  // position to restore is known, well away from the top and short of the page's end (the
  // newsletter form below the posts may not have its full height yet when the page returns).
  const link = page.getByRole("link", { name: TARGET_LINK }).first();
  const scrolled = await link.evaluate((element) => {
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 300);
    return window.scrollY;
  });
  expect(scrolled).toBeGreaterThan(0);
  await clickTarget(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TARGET_HEADING);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(FROM);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

/** Page-data requests made by prefetching, in order (not app-data, not static queries). */
function prefetchedPages(site: { requests: { entries(): { path: string; method: string }[] } }) {
  return site.requests
    .entries()
    .filter(
      (entry) =>
        entry.method === "GET" &&
        /^\/page-data\/(?!sq\/|app-data).+\/page-data\.json$/.test(entry.path),
    )
    .map((entry) => entry.path);
}

test.describe("prefetching", () => {
  test.use({ viewport: { width: 1280, height: 3000 } });

  test(`links in view are prefetched ${PREFETCH_BATCH_SIZE} at a time, every ${PREFETCH_INTERVAL_MS} ms`, async ({
    page,
  }) => {
    // Each page-data fetch is stamped with the page's own clock. Timers can fire late on a
    // busy machine, never early, so the gaps asserted below cannot flake.
    await page.addInitScript(() => {
      const stamps: Array<{ path: string; at: number }> = [];
      (window as unknown as { __pageDataFetches: typeof stamps }).__pageDataFetches = stamps;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const path = new URL(input instanceof Request ? input.url : String(input), location.href)
          .pathname;
        if (/^\/page-data\/(?!sq\/|app-data).+\/page-data\.json$/.test(path)) {
          stamps.push({ path, at: performance.now() });
        }
        return original(input, init);
      };
    });
    await openAndWaitForHydration(page, FROM);
    const stamps = () =>
      page.evaluate(
        () =>
          (window as unknown as { __pageDataFetches: Array<{ path: string; at: number }> })
            .__pageDataFetches,
      );
    await expect
      .poll(async () => (await stamps()).length, { timeout: 4 * PREFETCH_INTERVAL_MS })
      .toBeGreaterThan(PREFETCH_BATCH_SIZE);

    const fetches = await stamps();
    const first = fetches.slice(0, PREFETCH_BATCH_SIZE);
    const second = fetches.slice(PREFETCH_BATCH_SIZE, 2 * PREFETCH_BATCH_SIZE);
    // A batch starts together; the next one starts a full interval later.
    const firstStart = first[0]?.at ?? 0;
    const secondStart = second[0]?.at ?? 0;
    expect(firstStart).toBeGreaterThanOrEqual(PREFETCH_INTERVAL_MS);
    expect((first.at(-1)?.at ?? 0) - firstStart).toBeLessThan(PREFETCH_INTERVAL_MS / 3);
    expect(secondStart - firstStart).toBeGreaterThanOrEqual(PREFETCH_INTERVAL_MS);
    expect(second.length).toBeGreaterThan(0);
    // Never the current page, never a page twice.
    const paths = fetches.map((fetch) => fetch.path);
    expect(paths).not.toContain("/page-data/blog/page-data.json");
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("hovering a link prefetches its page at once", async ({ page, site }) => {
    await page.clock.install();
    await openAndWaitForHydration(page, FROM);
    site.requests.clear();
    await page.getByRole("link", { name: TARGET_LINK }).first().hover();
    await expect.poll(() => prefetchedPages(site)).toEqual([TARGET_PAGE_DATA]);
  });

  for (const [label, setup] of [
    ["for bots", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)" }],
    ["on 2g connections", { connection: { effectiveType: "slow-2g", saveData: false } }],
    ["with data saver on", { connection: { effectiveType: "4g", saveData: true } }],
  ] as const) {
    test(`nothing is prefetched ${label}`, async ({ browser, site }) => {
      const context = await browser.newContext({
        baseURL: site.url,
        viewport: { width: 1280, height: 3000 },
        serviceWorkers: "block",
        ...("userAgent" in setup ? { userAgent: setup.userAgent } : {}),
      });
      const page = await context.newPage();
      if ("connection" in setup) {
        await page.addInitScript((connection) => {
          Object.defineProperty(navigator, "connection", { value: connection, configurable: true });
        }, setup.connection);
      }
      await page.clock.install();
      await openAndWaitForHydration(page, FROM);
      site.requests.clear();
      await page.getByRole("link", { name: TARGET_LINK }).first().hover();
      await page.clock.runFor(4 * PREFETCH_INTERVAL_MS);
      await page.waitForLoadState("networkidle");
      expect(prefetchedPages(site)).toEqual([]);
      await context.close();
    });
  }
});

test("the page is painted before its scripts beyond the tiny entry are requested, then hydrates", async ({
  page,
}) => {
  await openAndWaitForHydration(page, FROM);
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType !== "css" && /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ path: new URL(entry.name).pathname, requestedAt: entry.startTime }));
    const entry = document.querySelector<HTMLScriptElement>("script[data-modules]")?.src ?? "";
    return { paintedAt: paint?.startTime ?? Number.NaN, scripts, entry: new URL(entry).pathname };
  });
  expect(timing.paintedAt).toBeGreaterThan(0);
  const others = timing.scripts.filter((script) => script.path !== timing.entry);
  // React and the runtime came, and none before the first paint.
  expect(others.map((script) => script.path)).toContainEqual(expect.stringMatching(/\/react-/));
  expect(others.filter((script) => script.requestedAt < timing.paintedAt)).toEqual([]);
});

test("the header and the page's component hydrate as islands, in place, once the visitor reaches for the page", async ({
  page,
  site,
}) => {
  // A paused clock never goes idle, so only the visitor's intent can start the islands.
  await freezeClock(page);
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const nodes = window as unknown as Record<string, Element | null>;
      nodes.__header = document.querySelector("header");
      nodes.__heading = document.querySelector("main h1");
      nodes.__footer = document.querySelector("footer");
    });
  });
  await page.goto(FROM);
  const island = await page.locator("script[data-page-module]").getAttribute("data-page-module");
  expect(island).toMatch(/^\/assets\/blog-list-[\w-]+\.js$/);
  // The shell has hydrated: the router stamped its history entry. The islands have not.
  await page.waitForFunction(() => typeof history.state?.key === "string");
  await page.waitForTimeout(300);
  await expect(page.locator("main")).not.toHaveAttribute("data-live", "true");
  await expect(page.locator("header")).not.toHaveAttribute("data-live", "true");
  expect(site.requests.count(island as string, "GET")).toBe(0);

  await page.keyboard.press("Shift");
  await waitForHydration(page);
  expect(site.requests.count(island as string, "GET")).toBe(1);
  // Hydrated in place: the prerendered elements are the ones on screen, none rendered anew.
  const same = await page.evaluate(() => {
    const nodes = window as unknown as Record<string, Element | null>;
    return {
      header: nodes.__header !== null && nodes.__header === document.querySelector("header"),
      heading: nodes.__heading !== null && nodes.__heading === document.querySelector("main h1"),
      footer: nodes.__footer !== null && nodes.__footer === document.querySelector("footer"),
    };
  });
  expect(same).toEqual({ header: true, heading: true, footer: true });
});

test("a first screen with an image: the scripts wait until that image has loaded", async ({
  page,
}) => {
  // The post's cover is its first screen's image; hold its response back a while.
  const COVER = /\/assets\/img\/beacon-chat-[^/]+\.(?:avif|webp|jpg)$/;
  let coverServedAt = 0;
  await page.route(COVER, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    coverServedAt = Date.now();
    await route.continue();
  });
  const navigatedAt = Date.now();
  await openAndWaitForHydration(page, "/blog/when-to-turn-on-live-chat/");
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const react = resources.find((entry) => /\/assets\/react-[^/]+\.js$/.test(entry.name));
    return { reactRequestedAt: react?.startTime ?? Number.NaN, origin: performance.timeOrigin };
  });
  expect(coverServedAt).toBeGreaterThan(0);
  // React was asked for after the cover came, not while it was still on its way.
  expect(timing.origin + timing.reactRequestedAt).toBeGreaterThanOrEqual(coverServedAt);
  expect(coverServedAt - navigatedAt).toBeGreaterThanOrEqual(1500);
});

test("no page resources: React does not render and the error names the path", async ({
  page,
  site,
  pageErrors,
}) => {
  site.faults.set(FROM, {
    rewriteText: (html) =>
      html.replace(/<script type="application\/json" id="__hd_data">.*?<\/script>/s, ""),
  });
  await page.goto(FROM);
  await expect
    .poll(() => pageErrors.join("\n"))
    .toContain(`page resources for ${FROM} not found. Not rendering React`);
  // The prerendered HTML still shows; nothing hydrated it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  expect(await page.evaluate(() => history.state)).toBeNull();
});

test("the service worker is registered on localhost", async ({ browser, site }) => {
  const context = await browser.newContext({
    baseURL: site.url.replace("127.0.0.1", "localhost"),
    serviceWorkers: "allow",
  });
  const page = await context.newPage();
  await page.goto("/");
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // Registered is enough: installing precaches the site, which may outlast the poll.
        const registration = await navigator.serviceWorker.getRegistration();
        const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
        return worker?.scriptURL ?? null;
      }),
    )
    .toMatch(/\/sw\.js$/);
  await context.close();
});
