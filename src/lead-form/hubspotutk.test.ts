import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE, type ConsentCategory } from "../consent/index.ts";
import { crmVisitorToken, type PagePrivacy } from "./prefill.ts";

/*
 * The CRM's visitor cookie (hubspotutk) goes with a lead only when the site's consent rule
 * lets the CRM run: marketing granted, no Do Not Sell opt-out, no Global Privacy Control.
 */

const UTK = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

/** The built-in banner's saved choice, raw as the page's cookie jar holds it. */
function bannerCookie(categories: readonly ConsentCategory[]): string {
  const now = new Date().toISOString();
  return encodeURIComponent(
    JSON.stringify({
      categories: ["necessary", ...categories],
      revision: 0,
      consentTimestamp: now,
      lastConsentTimestamp: now,
      consentId: "00000000-0000-4000-8000-000000000000",
    }),
  );
}

function page(overrides: Partial<PagePrivacy> & { cookies?: Record<string, string> }): PagePrivacy {
  return {
    settings: {},
    globalPrivacyControl: false,
    ...overrides,
    cookies: { hubspotutk: UTK, ...overrides.cookies },
  };
}

const acceptedAll = { [CONSENT_COOKIE]: bannerCookie(["analytics", "marketing", "functional"]) };

describe("crmVisitorToken: hubspotutk only under the site's consent rule", () => {
  it("sends it when the visitor accepted marketing", async () => {
    expect(await crmVisitorToken(page({ cookies: acceptedAll }))).toBe(UTK);
  });

  it("keeps it back when marketing was refused, withdrawn or never asked (opt-in)", async () => {
    const analyticsOnly = { [CONSENT_COOKIE]: bannerCookie(["analytics"]) };
    expect(await crmVisitorToken(page({ cookies: analyticsOnly }))).toBeUndefined();
    expect(await crmVisitorToken(page({}))).toBeUndefined();
    const unreadable = { [CONSENT_COOKIE]: "%E0%A4%A" };
    expect(await crmVisitorToken(page({ cookies: unreadable }))).toBeUndefined();
  });

  it("keeps it back after a Do Not Sell opt-out, whatever was accepted", async () => {
    const optedOut = { ...acceptedAll, hd_do_not_sell: "1" };
    expect(await crmVisitorToken(page({ cookies: optedOut }))).toBeUndefined();
  });

  it("keeps it back when the browser sends Global Privacy Control, whatever was accepted", async () => {
    const withGpc = page({ cookies: acceptedAll, globalPrivacyControl: true });
    expect(await crmVisitorToken(withGpc)).toBeUndefined();
  });

  it("follows the mode's default when nothing is saved: opt-out sends it, unless GPC", async () => {
    const optOut = { consent: { mode: "opt-out" } };
    expect(await crmVisitorToken(page({ settings: optOut }))).toBe(UTK);
    expect(
      await crmVisitorToken(page({ settings: optOut, globalPrivacyControl: true })),
    ).toBeUndefined();
  });

  it("asks Transcend when its bundle decides, and nothing until it has answered", async () => {
    const settings = {
      consent: { mode: "opt-out", transcendBundleUrl: "https://cdn.vendors.test/airgap.js" },
    };
    const airgap = (purposes: Record<string, boolean>) => ({ getConsent: () => ({ purposes }) });
    expect(await crmVisitorToken(page({ settings, airgap: airgap({ Advertising: true }) }))).toBe(
      UTK,
    );
    expect(
      await crmVisitorToken(page({ settings, airgap: airgap({ Advertising: false }) })),
    ).toBeUndefined();
    expect(
      await crmVisitorToken(
        page({ settings, airgap: airgap({ Advertising: true, SaleOfInfo: false }) }),
      ),
    ).toBeUndefined();
    // A banner cookie left from before does not speak for Transcend.
    expect(await crmVisitorToken(page({ settings, cookies: acceptedAll }))).toBeUndefined();
  });

  it("has nothing to send without the cookie", async () => {
    expect(await crmVisitorToken(page({ cookies: { ...acceptedAll, hubspotutk: "" } }))).toBe(
      undefined,
    );
  });
});
