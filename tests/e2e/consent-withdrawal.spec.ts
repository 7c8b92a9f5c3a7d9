/**
 * Consent taken back after it was given, in a real browser: speed beacons stop when the
 * visitor withdraws analytics on an open page, and a lead form stops sending the CRM's
 * `hubspotutk` cookie after a Do Not Sell opt-out or under Global Privacy Control, while the
 * lead API stores none for such a visitor. The unit tests of src/vitals, src/lead-form and
 * server/leads/http hold the rules; this shows the pieces wired together.
 */

import type { Page } from "@playwright/test";
import { Hono } from "hono";
import { answeredConsentCookie, consentBanner, expectBannerOpen } from "./support/consent.ts";
import { type FaultServer, startFaultServer } from "./support/fault-server.ts";
import { test as base, expect } from "./support/fixtures.ts";
import { type LeadSite, leadSiteFixture } from "./support/lead-site.ts";
import { waitForHydration } from "./support/page-state.ts";
import { SITES } from "./support/sites.ts";

const VITALS = "/api/vitals";
const DEMO_PAGE = "/lp/get-a-demo/";
const DEMO_FORM = "demo-request";
const UTK = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

const test = base.extend<
  { vitalsSite: FaultServer; leads: LeadSite },
  { vitalsServer: FaultServer; leadSite: LeadSite }
>({
  vitalsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      // Beacons only need an answer here: the request log counts them.
      const api = new Hono();
      api.post(VITALS, (c) => c.body(null, 204));
      const server = await startFaultServer({ root: SITES.integrations.out, api });
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  leadSite: leadSiteFixture,
  vitalsSite: async ({ vitalsServer }, use) => {
    vitalsServer.requests.clear();
    await use(vitalsServer);
  },
  leads: async ({ leadSite }, use) => {
    leadSite.server.faults.clear();
    leadSite.server.requests.clear();
    await use(leadSite);
  },
});

/** What the browser does when the visitor switches tabs: web-vitals reports, the beacon goes. */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
}

/** Accepts everything on the banner and lets the vitals chunk start and measure. */
async function acceptAll(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expectBannerOpen(page);
  await consentBanner(page).getByRole("button", { name: "Accept all" }).click();
  await page.waitForLoadState("networkidle");
}

test.describe("speed beacons", () => {
  test("go while analytics is granted", async ({ page, vitalsSite }) => {
    await acceptAll(page, `${vitalsSite.url}/pricing/`);
    await expect(async () => {
      await hidePage(page);
      expect(vitalsSite.requests.count(VITALS, "POST")).toBeGreaterThan(0);
    }).toPass({ timeout: 20_000 });
  });

  test("stop once the visitor withdraws analytics on the open page", async ({
    page,
    vitalsSite,
  }) => {
    await acceptAll(page, `${vitalsSite.url}/pricing/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
    const preferences = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(preferences).toBeVisible();
    await preferences.getByRole("button", { name: "Only necessary" }).click();
    await expect(preferences).toBeHidden();

    await hidePage(page);
    await page.goto(`${vitalsSite.url}/integrations/`); // pagehide
    await page.waitForTimeout(1_500);
    expect(vitalsSite.requests.count(VITALS, "POST")).toBe(0);
  });
});

/** Fills the demo form with valid values, sends it, and returns the request body it posted. */
async function sendDemoForm(page: Page, email: string): Promise<Record<string, unknown>> {
  await waitForHydration(page);
  const form = page.locator(`form[data-form-id="${DEMO_FORM}"]`);
  await expect
    .poll(() => form.evaluate((element: HTMLFormElement) => element.noValidate))
    .toBe(true);
  await form.locator('[name="firstname"]').fill("Ada");
  await form.locator('[name="lastname"]').fill("Lovelace");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="company"]').fill("Northwind");
  await form.locator('[name="team_size"]').selectOption("6-20");
  const request = page.waitForRequest(
    (candidate) =>
      candidate.url().endsWith("/api/hubspot/submitForm") && candidate.method() === "POST",
  );
  await form.getByRole("button", { name: "Book my demo" }).click();
  return (await request).postDataJSON() as Record<string, unknown>;
}

const storedLead = async (leads: LeadSite, email: string) => {
  const [lead] = await leads.store.listLeads({ email });
  return lead;
};

/** Neither the form's body nor the stored lead (its context or its cookies) has the token. */
async function expectNoCrmToken(leads: LeadSite, email: string, body: Record<string, unknown>) {
  expect(body).not.toHaveProperty("hubspotutk");
  await expect.poll(() => storedLead(leads, email)).toBeDefined();
  const lead = await storedLead(leads, email);
  expect(lead?.context).not.toHaveProperty("hubspotutk");
  expect(lead?.attribution).not.toHaveProperty("hubspotutk");
}

test.describe("the CRM's hubspotutk cookie on a lead form", () => {
  test("goes with the lead when the visitor accepted marketing", async ({
    page,
    context,
    leads,
  }) => {
    await context.addCookies([
      answeredConsentCookie(["analytics", "marketing"]),
      { name: "hubspotutk", value: UTK, url: leads.server.url },
    ]);
    const email = `utk.accepted.${Date.now()}@northwind.example`;
    await page.goto(`${leads.server.url}${DEMO_PAGE}`);
    const body = await sendDemoForm(page, email);
    expect(body.hubspotutk).toBe(UTK);
    await expect
      .poll(async () => (await storedLead(leads, email))?.attribution)
      .toMatchObject({
        hubspotutk: UTK,
      });
  });

  test("stays behind after a Do Not Sell opt-out, in the form and on the server", async ({
    page,
    context,
    leads,
  }) => {
    await context.addCookies([
      answeredConsentCookie(["analytics", "marketing"]),
      { name: "hubspotutk", value: UTK, url: leads.server.url },
    ]);
    await page.goto(`${leads.server.url}/legal/do-not-sell/`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Opt out of the sale and sharing" }).click();
    await expect(page.getByRole("status").filter({ hasText: "opted out" })).toBeVisible();

    const email = `utk.dns.${Date.now()}@northwind.example`;
    await page.goto(`${leads.server.url}${DEMO_PAGE}`);
    await expectNoCrmToken(leads, email, await sendDemoForm(page, email));
  });

  test("stays behind when the browser sends Global Privacy Control", async ({
    page,
    context,
    leads,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    // What a GPC browser sends with every request (Chromium's flag does not exist: set it here).
    await context.setExtraHTTPHeaders({ "Sec-GPC": "1" });
    await context.addCookies([
      answeredConsentCookie(["analytics", "marketing"]),
      { name: "hubspotutk", value: UTK, url: leads.server.url },
    ]);
    const email = `utk.gpc.${Date.now()}@northwind.example`;
    await page.goto(`${leads.server.url}${DEMO_PAGE}`);
    // The lead API reads the request's Sec-GPC header as well.
    await expectNoCrmToken(leads, email, await sendDemoForm(page, email));
  });
});
