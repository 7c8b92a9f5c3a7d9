import { type Cookie, expect, type Page } from "@playwright/test";
import { CONSENT_COOKIE, type ConsentCategory } from "../../../src/consent/constants.ts";

/**
 * The consent cookie a visitor who already answered the banner carries, in
 * vanilla-cookieconsent's own format. Tests about something other than consent start with it,
 * so the banner does not open mid-test and take focus (the library focuses its dialog).
 * Cookies ignore the port, so one cookie for 127.0.0.1 covers every test server.
 */
export function answeredConsentCookie(categories: readonly ConsentCategory[]): Cookie {
  const now = new Date();
  const value = {
    categories: [...new Set<ConsentCategory>(["necessary", ...categories])],
    revision: 0,
    data: null,
    consentTimestamp: now.toISOString(),
    lastConsentTimestamp: now.toISOString(),
    consentId: "00000000-0000-4000-8000-000000000000",
    services: {},
    languageCode: "en",
  };
  return {
    name: CONSENT_COOKIE,
    value: encodeURIComponent(JSON.stringify(value)),
    domain: "127.0.0.1",
    path: "/",
    expires: Math.floor(now.getTime() / 1000) + 86_400,
    httpOnly: false,
    secure: false,
    sameSite: "Lax",
  };
}

/** The consent banner a visitor who has not answered yet sees. */
export const consentBanner = (page: Page) =>
  page.getByRole("dialog", { name: "Your privacy, your call" });

/**
 * How long a first visit may take to open the banner. It opens only once the page has hydrated
 * and gone idle, then loads the integrations' code and the banner's (src/shell/use-integrations.ts,
 * src/consent/browser.ts), behind idle callbacks that may each wait up to 2 s
 * (src/runtime/idle.ts): on a 2-core CI machine running two browsers and their servers it
 * took longer than Playwright's default 5 s once.
 */
const BANNER_OPENS_WITHIN_MS = 15_000;

/** Waits until the banner is open, as a first visit shows it. */
export async function expectBannerOpen(page: Page): Promise<void> {
  await expect(consentBanner(page)).toBeVisible({ timeout: BANNER_OPENS_WITHIN_MS });
}
