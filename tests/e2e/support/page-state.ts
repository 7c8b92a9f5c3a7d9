/** What every browser test needs to know about the page it drives. */
import type { Page } from "@playwright/test";

/**
 * Waits until the page has hydrated: the router stamps history.state with its entry key, and
 * the islands that hydrate once their code has loaded mark themselves live: the page's own
 * component (src/runtime/page-island.tsx) on <main>, and the header (src/shell/header-slot.tsx).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      typeof (history.state as { key?: string } | null)?.key === "string" &&
      document.querySelector("main[data-live]") !== null &&
      (document.querySelector("header[data-state]") === null ||
        document.querySelector("header[data-live]") !== null),
  );
}

/** Marks the current document, so a test can tell a client navigation from a full page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

/** True while the document marked by markDocument is still the one shown. */
export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
  );
}

/**
 * Opens `path` with the page's own module (its island) held back until the returned function
 * is called, so a test can act on the prerendered page before it hydrates, as a visitor on a
 * slow network does.
 */
export async function gotoWithIslandHeld(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(path)).text();
  const island = /data-page-module="([^"]+)"/.exec(html)?.[1];
  if (!island) throw new Error(`${path} names no page module`);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === island,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.goto(path);
  return release;
}
