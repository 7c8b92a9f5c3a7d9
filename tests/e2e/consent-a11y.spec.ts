/**
 * axe-core on the cookie preferences dialog at both widths. Every page with the banner open
 * and closed is covered by pages-a11y.spec.ts. The integrations test site is
 * the real content with every integration configured, so the banner appears on every page.
 * No vendor is reachable here, and none is needed: nothing optional loads without consent.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type FaultServer, startFaultServer } from "./support/fault-server.ts";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/page-state.ts";
import { SITES } from "./support/sites.ts";

// Two axe runs over a long page take several seconds each on a shared machine.
test.setTimeout(90_000);

let shared: { context: BrowserContext; page: Page; server: FaultServer } | null = null;
/** One page and server per worker, reused across routes; consent cookies cleared per test. */
async function sharedPage(browser: Browser): Promise<{ page: Page; server: FaultServer }> {
  if (!shared) {
    const server = await startFaultServer({ root: SITES.integrations.out });
    const context = await browser.newContext({ serviceWorkers: "block", reducedMotion: "reduce" });
    shared = { context, page: await context.newPage(), server };
  }
  await shared.context.clearCookies();
  return shared;
}
test.afterAll(async () => {
  await shared?.context.close();
  await shared?.server.close();
  shared = null;
});

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
  );
}

const banner = (page: Page) => page.getByRole("dialog", { name: "Your privacy, your call" });

for (const width of [375, 1280]) {
  test(`the cookie preferences dialog has no axe violations at ${width} px`, async ({
    browser,
  }) => {
    const { page, server } = await sharedPage(browser);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(new URL("/pricing/", server.url).href);
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible();
    expect(await violations(page), "banner open").toEqual([]);
    await banner(page).getByRole("button", { name: "Choose categories" }).click();
    const preferences = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(preferences).toBeVisible();
    expect(await violations(page), "preferences open").toEqual([]);
    // Keyboard: Escape closes it and the page is usable again.
    await page.keyboard.press("Escape");
    await expect(preferences).toBeHidden();
  });
}
