/**
 * Real-user monitoring end to end: with analytics consent, a visit's Core Web Vitals reach
 * `POST /api/vitals` as a beacon, are stored in the lead API's store, and
 * `npm run vitals -- report` summarises them.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { createApi } from "../../server/api.ts";
import { type LeadStore, openLeadStore } from "../../server/leads/store/index.ts";
import { consentBanner } from "./support/consent.ts";
import { type FaultServer, startFaultServer } from "./support/fault-server.ts";
import { test as base, expect } from "./support/fixtures.ts";
import { PROJECT_ROOT, SITES } from "./support/sites.ts";

const DATA_DIR = join(PROJECT_ROOT, ".build/e2e/vitals-data");

const test = base.extend<{ vitalsSite: FaultServer; store: LeadStore }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
  store: async ({}, use) => {
    rmSync(DATA_DIR, { recursive: true, force: true });
    const store = await openLeadStore({ dataDir: DATA_DIR });
    await use(store);
    await store.close();
  },
  vitalsSite: async ({ store }, use) => {
    const server = await startFaultServer({
      root: SITES.integrations.out,
      api: createApi({ vitalsStore: store }),
    });
    await use(server);
    await server.close();
  },
});

const stored = (store: LeadStore) =>
  store.listVitals({ from: new Date(0), to: new Date(Date.now() + 60_000) });

/** What the browser does when the visitor leaves (hidden) or comes back (visible). */
async function setVisibility(page: Page, state: "hidden" | "visible"): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { value, configurable: true });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, state);
}

/**
 * Visits a page, then leaves it until its beacon goes. The vitals chunk starts only after
 * hydration, the integrations chunk and consent have each loaded, with no network between
 * some of those steps on a slow machine: "network idle" can come before its listener exists.
 * So leave, and if no beacon follows, come back and leave again, as a visitor switching tabs.
 */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(consentBanner(page)).toBeHidden();
  await expect(async () => {
    const beacon = page.waitForRequest((request) => request.url().endsWith("/api/vitals"), {
      timeout: 2_000,
    });
    await setVisibility(page, "hidden");
    try {
      await beacon;
    } finally {
      await setVisibility(page, "visible");
    }
  }).toPass({ timeout: 20_000 });
}

test("vitals beacons are stored and the report prints p75 per template and page", async ({
  page,
  vitalsSite,
  store,
}) => {
  // Three visits, each of which may have to leave more than once on a slow machine.
  test.setTimeout(60_000);
  await page.goto(`${vitalsSite.url}/`);
  await page.getByRole("button", { name: "Accept all" }).click();
  await visit(page, `${vitalsSite.url}/pricing/`);
  await visit(page, `${vitalsSite.url}/blog/`);
  await visit(page, `${vitalsSite.url}/?utm_source=newsletter`);

  await expect.poll(async () => new Set((await stored(store)).map((r) => r.path)).size).toBe(3);
  const records = await stored(store);
  expect(new Set(records.map((record) => record.template))).toEqual(
    new Set(["template---page", "template---blog-list", "template---home"]),
  );
  // The query string (it can identify a visitor) is never stored.
  expect(records.every((record) => !record.path.includes("?"))).toBe(true);
  expect(records.some((record) => record.name === "TTFB")).toBe(true);

  // Bad payloads: 4xx and nothing stored. The last page may still be sending its own beacons,
  // so look for the bad payload's marker rather than comparing counts.
  const bad = await page.request.post(`${vitalsSite.url}/api/vitals`, {
    data: { path: "/", template: "bad-payload", metrics: [{ name: "LCP", value: "fast" }] },
  });
  expect(bad.status()).toBe(422);
  const after = await stored(store);
  expect(after.length).toBeGreaterThanOrEqual(records.length);
  expect(after.filter((record) => record.template === "bad-payload")).toEqual([]);

  const report = execFileSync(
    process.execPath,
    [join(PROJECT_ROOT, "scripts/vitals.ts"), "report", "--since", "1h"],
    // The same store the API wrote: the environment selects it, as for the server.
    { encoding: "utf8", env: { ...process.env, DATA_DIR, DATABASE_URL: "" } },
  );
  expect(report).toContain("by template:");
  expect(report).toMatch(/template---home\s+\d+\s+/);
  expect(report).toMatch(/template---blog-list\s+\d+\s+/);
  expect(report).toMatch(/\/pricing\/\s+\d+\s+/);
  console.log(report);
});
