/** What every browser test needs to know about the page it drives. */
import type { Page } from "@playwright/test";

/** Waits until the router has hydrated: it stamps history.state with its entry key. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => typeof (history.state as { key?: string } | null)?.key === "string",
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
