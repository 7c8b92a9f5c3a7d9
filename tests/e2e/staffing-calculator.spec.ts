/**
 * The help-desk staffing calculator: useful without JavaScript, live as the visitor types,
 * shareable through its URL, honest about bad input, and axe-clean in use.
 */
import type { Page } from "@playwright/test";
import { DESKTOP, PHONE } from "./shell-support.ts";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { gotoWithIslandHeld, waitForHydration } from "./support/page-state.ts";

const PATH = "/help-desk-staffing-calculator/";

/** The Call Centre Helper case: 200 calls an hour (10,400 a month over 52 open hours). */
const CLASSIC_QUERY =
  "?email_volume=0&chat_volume=0&phone_volume=10400&phone_aht=3&phone_sl=80" +
  "&phone_answer_seconds=20&hours_per_day=4&days_per_week=3&shrinkage=30&max_occupancy=85";

function result(page: Page, name: string) {
  return page.locator(`[data-result="${name}"]`);
}

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** Types the classic case (CLASSIC_QUERY) into the fields, over the defaults. */
async function typeClassicCase(page: Page): Promise<void> {
  await field(page, "Emails a month").fill("0");
  await field(page, "Chats a month").fill("0");
  await field(page, "Calls a month").fill("10,400");
  await field(page, "Average handling time per call").fill("3");
  await field(page, "Hours of coverage a day").fill("4");
  await field(page, "Days of coverage a week").fill("3");
}

async function open(page: Page, search = ""): Promise<void> {
  await page.goto(`${PATH}${search}`);
  await waitForHydration(page);
}

test("the prerendered HTML carries the default result", async ({ request }) => {
  const response = await request.get(PATH);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('data-result="total-staff">27<');
  expect(html).toContain('data-result="agents-on-shift">15<');
  expect(html).toContain('data-result="email-agents">9<');
  expect(html).toContain('data-result="phone-agents">3<');
  expect(html).toContain('role="img"');
  expect(html).not.toContain("NaN");
});

test("without JavaScript the page shows the default inputs and result", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(PATH);
  await expect(result(page, "total-staff")).toHaveText("27");
  await expect(field(page, "Emails a month")).toHaveValue("6,000");
  await expect(
    page.getByRole("img", { name: /Service level against agents for phone/ }),
  ).toBeVisible();
  await context.close();
});

test("the calculator's code loads only on its page", async ({ request }) => {
  const home = await (await request.get("/")).text();
  expect(home).not.toContain("help-desk-staffing-calculator-");
  const own = await (await request.get(PATH)).text();
  expect(own).toContain("help-desk-staffing-calculator-");
});

test("changing inputs updates the results and the URL without adding history", async ({
  page,
  pageErrors,
}) => {
  await open(page);
  const historyLength = await page.evaluate(() => history.length);
  await typeClassicCase(page);
  await expect(result(page, "phone-agents")).toHaveText("14");
  await expect(result(page, "total-staff")).toHaveText("20");
  await expect(result(page, "phone-service-level")).toHaveText("88.8\u00a0%");
  await expect(result(page, "phone-wait-probability")).toHaveText("17.4\u00a0%");
  await expect(result(page, "phone-asa")).toHaveText("7.8 s");
  await expect(result(page, "phone-occupancy")).toHaveText("71.4\u00a0%");
  await expect(page).toHaveURL(/phone_volume=10400/);
  await expect(page).toHaveURL(/days_per_week=3/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  expect(pageErrors).toEqual([]);
});

test("a shared URL reproduces the result on a fresh load", async ({ page, browser, baseURL }) => {
  // A campaign's parameters stay in the address bar as the fields join them.
  await open(page, "?utm_source=newsletter");
  await field(page, "Calls a month").fill("4,000");
  await field(page, "Phone service level target").fill("90");
  await expect(page).toHaveURL(/\?utm_source=newsletter&.*phone_sl=90/);
  const shared = page.url();
  const staff = await result(page, "total-staff").textContent();
  const phoneAgents = await result(page, "phone-agents").textContent();

  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  await fresh.goto(shared);
  await waitForHydration(fresh);
  await expect(result(fresh, "phone-agents")).toHaveText(phoneAgents ?? "");
  await expect(result(fresh, "total-staff")).toHaveText(staff ?? "");
  await expect(field(fresh, "Calls a month")).toHaveValue("4,000");
  await expect(field(fresh, "Phone service level target")).toHaveValue("90");
  await context.close();
});

test("values typed before the page hydrates are kept and calculated", async ({
  page,
  pageErrors,
}) => {
  const release = await gotoWithIslandHeld(page, PATH);
  await typeClassicCase(page);
  // Still the prerendered result: nothing has calculated yet.
  await expect(result(page, "total-staff")).toHaveText("27");
  release();
  await waitForHydration(page);
  await expect(result(page, "phone-agents")).toHaveText("14");
  await expect(result(page, "total-staff")).toHaveText("20");
  await expect(field(page, "Calls a month")).toHaveValue("10,400");
  await expect(page).toHaveURL(/phone_volume=10400/);
  expect(pageErrors).toEqual([]);
});

test("a value typed before hydration on a shared link is laid over the link's values", async ({
  page,
}) => {
  const release = await gotoWithIslandHeld(page, `${PATH}${CLASSIC_QUERY}`);
  // The prerender shows the defaults; the visitor changes one field before the page is live.
  await field(page, "Shrinkage").fill("35");
  release();
  await waitForHydration(page);
  await expect(field(page, "Calls a month")).toHaveValue("10,400");
  await expect(field(page, "Shrinkage")).toHaveValue("35");
  await expect(page).toHaveURL(/shrinkage=35/);
  await expect(page).toHaveURL(/phone_volume=10400/);
  await expect(result(page, "phone-agents")).toHaveText("14");
});

test("the classic case opens from its URL", async ({ page }) => {
  await open(page, CLASSIC_QUERY);
  await expect(result(page, "phone-agents")).toHaveText("14");
  await expect(result(page, "total-staff")).toHaveText("20");
  await expect(
    page.getByText("14 agents answer 80\u00a0% of calls within 20 seconds"),
  ).toBeVisible();
});

test("a malformed URL falls back to the defaults", async ({ page, pageErrors }) => {
  await open(page, "?phone_volume=lots&hours_per_day=0&phone_sl=100");
  await expect(result(page, "total-staff")).toHaveText("27");
  await expect(field(page, "Calls a month")).toHaveValue("1,500");
  expect(pageErrors).toEqual([]);
});

test("invalid input shows its message on the field and never NaN", async ({ page }) => {
  await open(page);
  const hours = field(page, "Hours of coverage a day");
  await hours.fill("0");
  await expect(hours).toHaveAttribute("aria-invalid", "true");
  const message = page.locator('[data-field-error="hours_per_day"]');
  await expect(message).toHaveText("Enter more than 0 and at most 24 hours of coverage a day.");
  const describedBy = (await hours.getAttribute("aria-describedby")) ?? "";
  expect(describedBy.split(" ")).toContain(await message.getAttribute("id"));
  await expect(result(page, "stale")).toBeVisible();
  // Announced: the notice appears inside a status region that was there before it.
  await expect(page.getByRole("status").filter({ has: result(page, "stale") })).toHaveCount(1);

  const calls = field(page, "Calls a month");
  await calls.fill("abc");
  await expect(page.locator('[data-field-error="phone_volume"]')).toHaveText(
    "Enter a number, like 1,200.",
  );
  await field(page, "Chats a month").fill("-4");
  await expect(page.locator('[data-field-error="chat_volume"]')).toHaveText(
    "“Chats a month” can't be negative.",
  );
  await field(page, "Phone service level target").fill("100");
  await expect(page.locator('[data-field-error="phone_sl"]')).toContainText("can't be promised");
  await expect(result(page, "total-staff")).toHaveText("27");
  expect(await page.locator("main").textContent()).not.toMatch(/NaN|Infinity/);
  await expect(page).not.toHaveURL(/hours_per_day=0/);

  await hours.fill("10");
  await calls.fill("1500");
  await field(page, "Chats a month").fill("3000");
  await field(page, "Phone service level target").fill("80");
  await expect(hours).not.toHaveAttribute("aria-invalid");
  await expect(result(page, "stale")).toHaveCount(0);
});

test("works from the keyboard alone, including copying the link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page);
  await field(page, "Hours of coverage a day").focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("12");
  await page.keyboard.press("Tab");
  await expect(field(page, "Days of coverage a week")).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("7");
  await expect(page).toHaveURL(/hours_per_day=12&days_per_week=7/);

  const copy = page.getByRole("button", { name: "Copy link" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-copy-status="copied"]')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`${PATH}?`);
  expect(copied).toContain("days_per_week=7");

  await page.getByText("Show the phone chart as a table").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("row", { name: /recommended/ }).first()).toBeVisible();
});

for (const [name, viewport] of [
  ["1280 px", DESKTOP],
  ["375 px", PHONE],
] as const) {
  test.describe(`axe at ${name}`, () => {
    test.use({ viewport });
    // A long page: axe checks every text node's contrast, which takes a while on a busy
    // two-core machine.
    test.setTimeout(120_000);

    test("default state", async ({ page }) => {
      await open(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("in use: edited, an error showing, a chart table open", async ({ page }) => {
      await open(page);
      await field(page, "Calls a month").fill("12,000");
      await field(page, "Hours of coverage a day").fill("0");
      await expect(page.locator('[data-field-error="hours_per_day"]')).toBeVisible();
      await page.getByText("Show the chat chart as a table").click();
      await expect(page.getByRole("row", { name: /recommended/ }).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
