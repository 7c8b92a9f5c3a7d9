/**
 * Hash links in a real browser: the chat widget hashes with and without the widget, and
 * offset smooth scrolling (instant under reduced motion) with the address bar updated.
 */
import type { Page } from "@playwright/test";
import { CONSENT_CATEGORIES } from "../../src/consent/constants.ts";
import { BEACON_ROUTES } from "../../src/shell/beacon.ts";
import { SCROLL_OFFSET_PX } from "../../src/shell/deferred-rules.ts";
import { openShell, padDocument, SETTINGS, serveTags, VIEWPORTS } from "./shell-support.ts";
import { expect, test } from "./support/fixtures.ts";

test.beforeEach(({ site }) => serveTags(site));
// A returning visitor who granted everything: no banner taking focus, path tags allowed.
test.use({ consentAnswered: CONSENT_CATEGORIES });

type Recorded = { beaconCalls: unknown[][]; mailto: string[] };

/** Records Beacon calls (when `withWidget`) and mailto links followed, instead of following them. */
async function recordSupport(page: Page, withWidget: boolean): Promise<void> {
  await page.addInitScript((widget) => {
    const recorded: Recorded = { beaconCalls: [], mailto: [] };
    (window as unknown as { __recorded: Recorded }).__recorded = recorded;
    if (widget) {
      (window as unknown as { Beacon: unknown }).Beacon = (...args: unknown[]) => {
        recorded.beaconCalls.push(args);
      };
    }
    window.addEventListener(
      "click",
      (event) => {
        const anchor = (event.target as Element | null)?.closest?.("a");
        if (anchor?.href.startsWith("mailto:")) {
          recorded.mailto.push(anchor.href);
          event.preventDefault();
        }
      },
      { capture: true },
    );
  }, withWidget);
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __recorded: Recorded }).__recorded);

/** Adds an in-page link outside React's tree (content has no #open-beacon link). */
async function addLink(page: Page, href: string, text: string): Promise<void> {
  await page.evaluate(
    ({ href, text }) => {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = text;
      link.style.cssText = "position:fixed;top:200px;left:8px;z-index:100;background:#fff";
      document.body.append(link);
    },
    { href, text },
  );
}

/** A far-down scroll target outside React's tree, and a link to it. */
async function addTarget(page: Page): Promise<void> {
  await padDocument(page, 3000);
  await page.evaluate(() => {
    const target = document.createElement("h2");
    target.id = "far-target";
    target.textContent = "Far target";
    target.style.cssText = "position:absolute;top:2500px;left:0";
    document.body.append(target);
  });
  await addLink(page, "#far-target", "Go to the far target");
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`hash links at ${label}`, () => {
    test.use({ viewport });

    test("#contact-us and #open-beacon open the widget at its ask and answers pages", async ({
      page,
    }) => {
      await recordSupport(page, true);
      await openShell(page, "/");
      await page.locator("footer").getByRole("link", { name: "Contact us" }).click();
      await addLink(page, "#open-beacon", "Browse answers");
      await page.getByRole("link", { name: "Browse answers" }).click();
      const { beaconCalls, mailto } = await recorded(page);
      expect(beaconCalls).toEqual([
        ["open"],
        ["navigate", BEACON_ROUTES.ask],
        ["open"],
        ["navigate", BEACON_ROUTES.answers],
      ]);
      expect(mailto).toEqual([]);
      // The chat hashes are actions, not places: the address bar keeps its URL.
      expect(new URL(page.url()).hash).toBe("");
    });

    test("without the widget, #contact-us goes to the support mailto link", async ({ page }) => {
      await recordSupport(page, false);
      await openShell(page, "/");
      await page.locator("footer").getByRole("link", { name: "Contact us" }).click();
      await expect
        .poll(async () => (await recorded(page)).mailto)
        .toEqual([`mailto:${SETTINGS.supportEmail}`]);
    });

    test(`other hashes smooth-scroll to ${SCROLL_OFFSET_PX} px above the target`, async ({
      page,
    }) => {
      await openShell(page, "/");
      await addTarget(page);
      const before = await page.evaluate(() => window.scrollY);
      await page.getByRole("link", { name: "Go to the far target" }).click();
      await expect(page).toHaveURL(/#far-target$/);
      await expect
        .poll(() =>
          page.evaluate(() => document.getElementById("far-target")?.getBoundingClientRect().top),
        )
        .toBeCloseTo(SCROLL_OFFSET_PX, 0);
      // Smooth: the page was still on its way right after the click.
      expect(before).toBe(0);
      await expect(page.locator("#far-target")).toBeFocused();
    });

    test("scrolling starts smoothly, and is instant with reduced motion", async ({ page }) => {
      const afterClick = () =>
        page.evaluate(() => {
          document.querySelector<HTMLAnchorElement>('a[href="#far-target"]')?.click();
          return document.getElementById("far-target")?.getBoundingClientRect().top;
        });
      await openShell(page, "/");
      await addTarget(page);
      // A smooth scroll has not arrived in the same task as the click.
      expect(await afterClick()).toBeGreaterThan(SCROLL_OFFSET_PX + 100);

      await page.emulateMedia({ reducedMotion: "reduce" });
      await openShell(page, "/");
      await addTarget(page);
      expect(await afterClick()).toBeCloseTo(SCROLL_OFFSET_PX, 0);
      await expect(page).toHaveURL(/#far-target$/);
    });
  });
}
