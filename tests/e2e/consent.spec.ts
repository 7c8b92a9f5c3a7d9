/**
 * Consent and third-party integrations in a real browser, against local fakes of every vendor,
 * each on its own origin (`*.vendors.test`, mapped to 127.0.0.1 by Chromium's host resolver,
 * so requests, origins and the CSP are real).
 */
import type { Page } from "@playwright/test";
import {
  TRANSCEND_POLL_INTERVAL_MS,
  TRANSCEND_TIMEOUT_MESSAGE,
  TRANSCEND_TIMEOUT_MS,
} from "../../src/consent/index.ts";
import { VARIATION_PROPERTY, VIEWED_PAGE_EVENT } from "../../src/integrations/index.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium.ts";
import { answeredConsentCookie, consentBanner, expectBannerOpen } from "./support/consent.ts";
import { type FaultServer, startFaultServer } from "./support/fault-server.ts";
import { test as base, expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/page-state.ts";
import { SITES } from "./support/sites.ts";
import {
  FAKE_SCRIPTS,
  type FakeVendor,
  ROGUE_SCRIPT_URL,
  startVendorServer,
  VENDOR_PORT,
  type VendorServer,
  vendorOrigin,
} from "./support/vendors.ts";

const test = base.extend<
  { vendors: VendorServer; integrationsSite: FaultServer; transcendSite: FaultServer },
  { vendorServer: VendorServer; integrationsServer: FaultServer; transcendServer: FaultServer }
>({
  vendorServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startVendorServer(VENDOR_PORT);
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  integrationsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startFaultServer({ root: SITES.integrations.out });
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  transcendServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startFaultServer({ root: SITES.transcend.out });
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  vendors: async ({ vendorServer }, use) => {
    vendorServer.requests.length = 0;
    vendorServer.behaviour.clear();
    await use(vendorServer);
  },
  integrationsSite: async ({ integrationsServer }, use) => use(integrationsServer),
  transcendSite: async ({ transcendServer }, use) => use(transcendServer),
  baseURL: async ({ integrationsServer }, use) => use(integrationsServer.url),
});

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP *.vendors.test 127.0.0.1"],
  },
});

const SCRIPT_VENDORS = Object.keys(FAKE_SCRIPTS) as FakeVendor[];
const byCategory = (category: string) =>
  SCRIPT_VENDORS.filter((name) => FAKE_SCRIPTS[name].category === category && name !== "intent");

type Calls = unknown[][];
const vendorCalls = (page: Page): Promise<Calls> =>
  page.evaluate(
    () => (window as unknown as { __vendors?: { calls: Calls } }).__vendors?.calls ?? [],
  );

/** Opens a page and waits until the consent manager has answered (its banner is up). */
async function openWithBanner(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectBannerOpen(page);
}

/** Accepts exactly the given categories through the preferences dialog. */
async function acceptOnly(page: Page, categories: string[]): Promise<void> {
  await consentBanner(page).getByRole("button", { name: "Choose categories" }).click();
  const preferences = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(preferences).toBeVisible();
  for (const category of categories) {
    await preferences.locator(`input[value="${category}"]`).check({ force: true });
  }
  await preferences.getByRole("button", { name: "Save my choices" }).click();
  await expect(preferences).toBeHidden();
}

async function expectLoadedOnce(vendors: VendorServer, names: readonly string[]): Promise<void> {
  for (const name of names) await expect.poll(() => vendors.count(name)).toBe(1);
}

/** Client-side navigation through a header or footer link. */
async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const link = document.querySelector<HTMLAnchorElement>(`a[href="${to}"]`);
    if (!link) throw new Error(`no link to ${to}`);
    link.click();
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
  await expect(page.locator("main h1").first()).toBeVisible();
}

test("without consent nothing non-essential is requested", async ({ page, vendors }) => {
  await openWithBanner(page, "/pricing/");
  await page.waitForLoadState("networkidle");
  await clientNavigate(page, "/");
  await page.waitForLoadState("networkidle");
  expect(vendors.requests).toEqual([]);
  expect(await page.locator("img[data-path-tag]").count()).toBe(0);
});

test("accepting analytics loads exactly its scripts, once, across client-side navigations", async ({
  page,
  vendors,
  context,
  integrationsSite,
}) => {
  await context.addCookies([{ name: "test_variation", value: "b", url: integrationsSite.url }]);
  await openWithBanner(page, "/");
  await acceptOnly(page, ["analytics"]);
  await expectLoadedOnce(vendors, byCategory("analytics"));
  await clientNavigate(page, "/pricing/");
  await clientNavigate(page, "/");
  await page.waitForLoadState("networkidle");
  expect(vendors.requests.sort()).toEqual(
    byCategory("analytics")
      .map((name) => `${name}${FAKE_SCRIPTS[name].path}`)
      .sort(),
  );

  // "Viewed Page" once per page view (three views), each with the test variation.
  const views = (await vendorCalls(page)).filter(
    (call) => call[0] === "analytics" && call[1] === "track",
  );
  expect(views.map((call) => [call[2], (call[3] as Record<string, string>).path])).toEqual([
    [VIEWED_PAGE_EVENT, "/"],
    [VIEWED_PAGE_EVENT, "/pricing/"],
    [VIEWED_PAGE_EVENT, "/"],
  ]);
  for (const view of views) {
    expect((view[3] as Record<string, string>)[VARIATION_PROPERTY]).toBe("b");
  }
  // Off production (this host is not siteUrl's) the tool logs to the console.
  const init = (await vendorCalls(page)).find((call) => call[1] === "init");
  expect(init).toEqual(["analytics", "init", "mxp-token-harbor", true]);
});

test("accepting all loads every script once, path tags on their paths, and the choice is remembered", async ({
  page,
  vendors,
}) => {
  await openWithBanner(page, "/");
  await consentBanner(page).getByRole("button", { name: "Accept all" }).click();
  await expectLoadedOnce(vendors, ["tags", "crm", "analytics", "referral", "reddit", "chat"]);
  await expect.poll(() => vendors.count("pixel")).toBe(1); // tracking pixel on /
  expect(vendors.count("intent")).toBe(0);
  await clientNavigate(page, "/pricing/");
  await expect.poll(() => vendors.count("intent")).toBe(1); // buyer intent on /pricing/
  await clientNavigate(page, "/");
  await page.waitForLoadState("networkidle");
  for (const name of ["tags", "crm", "analytics", "referral", "reddit", "chat", "intent"]) {
    expect(vendors.count(name), name).toBe(1);
  }
  expect(vendors.count("ads")).toBe(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "hubspotutk")?.value).toBe("fakeutk0123456789");
  const consentCookie = cookies.find((cookie) => cookie.name === "hd_consent");
  // Stored for 365 days (give or take the test's own duration).
  expect((consentCookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86_400);

  await page.reload();
  await expect(consentBanner(page)).toBeHidden();
  // The new document runs the (now cached) script again without asking.
  await expect
    .poll(async () => (await vendorCalls(page)).some((call) => call[0] === "tags"))
    .toBe(true);
});

test("Global Privacy Control: no marketing scripts even after accept all", async ({
  page,
  vendors,
}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  await openWithBanner(page, "/pricing/");
  await consentBanner(page).getByRole("button", { name: "Accept all" }).click();
  await expectLoadedOnce(vendors, [...byCategory("analytics"), ...byCategory("functional")]);
  await page.waitForLoadState("networkidle");
  for (const name of [...byCategory("marketing"), "intent", "pixel"]) {
    expect(vendors.count(name), name).toBe(0);
  }
});

test("a vendor that throws and one that never answers leave the page working", async ({
  page,
  vendors,
  pageErrors,
}) => {
  vendors.behaviour.set("tags", "throw");
  vendors.behaviour.set("analytics", "hang");
  await openWithBanner(page, "/");
  await consentBanner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(() => vendors.count("chat")).toBe(1);
  await expect
    .poll(() => pageErrors.some((error) => error.includes("tags vendor script failed")))
    .toBe(true);
  await clientNavigate(page, "/pricing/");
  await expect(page.locator("main h1").first()).toHaveText("Plans that grow with your team");
  await clientNavigate(page, "/");
  expect(vendors.count("analytics")).toBe(1);
});

test("the CSP lets configured vendors through and blocks an unconfigured one", async ({
  page,
  vendors,
}) => {
  const response = await page.goto("/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src")) ?? "";
  for (const name of SCRIPT_VENDORS) expect(scriptSrc).toContain(vendorOrigin(name));
  expect(scriptSrc).not.toContain(vendorOrigin("rogue"));

  const violation = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.blockedURI));
        const script = document.createElement("script");
        script.src = src;
        document.head.append(script);
      }),
    ROGUE_SCRIPT_URL,
  );
  expect(violation).toBe(ROGUE_SCRIPT_URL);
  expect(vendors.count("rogue")).toBe(0);

  await expectBannerOpen(page);
  await consentBanner(page).getByRole("button", { name: "Accept all" }).click();
  await expectLoadedOnce(vendors, ["tags"]);
});

test("Do Not Sell opts out of marketing for good; the footer link reopens preferences", async ({
  page,
  vendors,
}) => {
  await openWithBanner(page, "/legal/do-not-sell/");
  await consentBanner(page).getByRole("button", { name: "Only necessary" }).click();
  await page.getByRole("link", { name: "Opt out of the sale and sharing" }).click();
  await expect(page.getByRole("status").filter({ hasText: "opted out" })).toBeVisible();

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
  const preferences = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(preferences).toBeVisible();
  await preferences.getByRole("button", { name: "Accept all" }).click();
  await expectLoadedOnce(vendors, byCategory("analytics"));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  for (const name of [...byCategory("marketing"), "pixel"])
    expect(vendors.count(name), name).toBe(0);
});

test("a returning visitor's choice applies without the banner's code; it loads when asked for", async ({
  page,
  vendors,
  context,
}) => {
  await context.addCookies([answeredConsentCookie(["analytics", "marketing"])]);
  const bannerAssets: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/banner-/.test(request.url())) bannerAssets.push(request.url());
  });
  await page.goto("/legal/do-not-sell/");
  await expectLoadedOnce(vendors, [...byCategory("analytics"), ...byCategory("marketing")]);
  await page.waitForLoadState("networkidle");
  expect(vendors.count("chat")).toBe(0); // functional was not accepted
  expect(bannerAssets).toEqual([]);
  await expect(consentBanner(page)).toHaveCount(0);

  // Do Not Sell saves the refusal through the banner, loaded for it.
  await page.getByRole("link", { name: "Opt out of the sale and sharing" }).click();
  await expect(page.getByRole("status").filter({ hasText: "opted out" })).toBeVisible();
  await expect
    .poll(async () => {
      const cookie = (await context.cookies()).find((c) => c.name === "hd_consent");
      return JSON.parse(decodeURIComponent(cookie?.value ?? "{}")).categories;
    })
    .toEqual(["necessary", "analytics"]);
  expect(bannerAssets.length).toBeGreaterThan(0);

  // The footer link shows the saved choice.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
  const preferences = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(preferences).toBeVisible();
  await expect(preferences.locator('input[value="analytics"]')).toBeChecked();
  await expect(preferences.locator('input[value="marketing"]')).not.toBeChecked();
  await expect(consentBanner(page)).toBeHidden();
});

test("with nothing optional configured no banner loads; Cookie preferences still opens", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/pricing/`);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await expect(consentBanner(page)).toHaveCount(0);
  expect(await page.locator("#cc-main").count()).toBe(0);

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie preferences" })).toBeVisible();
  await expect(consentBanner(page)).toHaveCount(0);
});

test("a page first loaded with #contact-us opens the chat widget once it is ready", async ({
  page,
  vendors,
}) => {
  await openWithBanner(page, "/");
  await consentBanner(page).getByRole("button", { name: "Accept all" }).click();
  await expectLoadedOnce(vendors, ["chat"]);
  await page.goto("/pricing/#contact-us");
  await expect
    .poll(async () => (await vendorCalls(page)).filter((call) => call[0] === "chat"))
    .toEqual([
      ["chat", ["init", "beacon-harbor-1"]],
      ["chat", ["open"]],
      ["chat", ["navigate", "/ask/"]],
    ]);
});

test("Transcend: the timeout message on the page clock, then the safe choice", async ({
  page,
  vendors,
  transcendSite,
}) => {
  vendors.behaviour.set("transcend", "hang");
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") messages.push(message.text());
  });
  // A paused page clock: only runFor moves the adapter's polling on.
  await page.clock.install({ time: new Date("2026-01-05T09:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-05T09:00:01Z"));
  await page.goto(`${transcendSite.url}/`);
  await expect.poll(() => vendors.count("transcend")).toBe(1);
  await page.clock.runFor(TRANSCEND_TIMEOUT_MS - TRANSCEND_POLL_INTERVAL_MS);
  expect(messages).not.toContain(TRANSCEND_TIMEOUT_MESSAGE);
  await page.clock.runFor(TRANSCEND_POLL_INTERVAL_MS);
  await expect.poll(() => messages.filter((m) => m === TRANSCEND_TIMEOUT_MESSAGE).length).toBe(1);
  await page.clock.runFor(10_000);
  expect(vendors.requests).toEqual(["transcend/airgap.js"]);
  await expect(consentBanner(page)).toHaveCount(0);
});

test("Transcend: its consent decides what loads", async ({ page, vendors, transcendSite }) => {
  vendors.behaviour.set("transcend", {
    body: "window.airgap = { getConsent: function () { return { purposes: { Analytics: true, Advertising: false, Functional: false } }; } };",
  });
  await page.goto(`${transcendSite.url}/`);
  await expectLoadedOnce(vendors, byCategory("analytics"));
  await page.waitForLoadState("networkidle");
  for (const name of [...byCategory("marketing"), ...byCategory("functional")]) {
    expect(vendors.count(name), name).toBe(0);
  }
});
