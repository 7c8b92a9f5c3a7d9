/**
 * Lead forms on the built site against the real lead API (SQLite store in a temp folder):
 * rendering, the spec's validation rules and messages, every state, prefill, uploads,
 * redirects, independence of two forms, client-side navigation and the no-JavaScript post.
 */
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import {
  communicationsConsentField,
  FIELD_DEBOUNCE_MS,
  FORM_MESSAGES,
  type FormDefinition,
  HONEYPOT_FIELD,
  NOT_A_SITE_LINK_MESSAGE,
  SUBMIT_FORM_PATH,
  SUBMITTING_TEXT,
} from "../../src/forms/index.ts";
import { readFormDefinitions } from "../../src/forms/node.ts";
import {
  CALCULATOR_PATH,
  DEFAULT_INPUTS,
  decodeState,
  RESULT_LINK_FIELD,
  resultLink,
} from "../../src/tools/staffing/index.ts";
import { axeViolations } from "./support/axe.ts";
import { answeredConsentCookie } from "./support/consent.ts";
import { createGate } from "./support/gate.ts";
import { type LeadSite, leadSiteFixture } from "./support/lead-site.ts";
import { waitForHydration } from "./support/page-state.ts";
import { SITES } from "./support/sites.ts";

const test = base.extend<{ leads: LeadSite }, { leadSite: LeadSite }>({
  leadSite: leadSiteFixture,
  leads: async ({ leadSite }, use) => {
    leadSite.server.faults.clear();
    leadSite.server.requests.clear();
    await use(leadSite);
    leadSite.server.faults.clear();
  },
  baseURL: async ({ leadSite }, use) => use(leadSite.server.url),
});

const FORMS = await readFormDefinitions(`${SITES.main.content}/forms`);
function definition(id: string): FormDefinition {
  const form = FORMS.get(id);
  if (!form) throw new Error(`content/forms/${id}.json is missing`);
  return form;
}

const PAGES = {
  demo: "/lp/get-a-demo/",
  webinar: "/webinars/foundations-of-great-service/",
  sales: "/pricing/contact-based/",
  careers: "/careers/",
  trial: "/lp/personalized-customer-experience/",
  blog: "/blog/",
  calculator: CALCULATOR_PATH,
} as const;

/** A small but complete PDF: the upload endpoint decides by these bytes. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

let emails = 0;
const uniqueEmail = (who = "ada") => `${who}.${Date.now()}.${++emails}@northwind.example`;

const formOf = (page: Page, id: string) => page.locator(`form[data-form-id="${id}"]`);
const control = (form: Locator, name: string) => form.locator(`[name="${name}"]`).first();

/**
 * Fills every visible field of `id` with valid values; returns the email used. After each
 * field the page clock runs the debounce, so an error that clears (and moves what follows)
 * has done so before the next click. `settle: false` without JavaScript.
 */
async function fillValid(
  page: Page,
  id: string,
  { email = uniqueEmail(), settle = true }: { email?: string; settle?: boolean } = {},
): Promise<string> {
  const form = formOf(page, id);
  const settled = () => (settle ? page.clock.runFor(FIELD_DEBOUNCE_MS) : Promise.resolve());
  for (const field of definition(id).fieldGroups.flatMap((group) => group.alternative_fields)) {
    if (field.hidden) continue;
    const input = control(form, field.name);
    switch (field.fieldType) {
      case "email":
        await input.fill(email);
        break;
      case "dropdown":
        await input.selectOption(field.options[0]?.value ?? "");
        break;
      case "radio":
        await form.locator(`[name="${field.name}"][value="${field.options[0]?.value}"]`).check();
        break;
      case "file":
        await input.setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: PDF });
        break;
      case "multi_line_text":
        await input.fill("We answer 3,000 conversations a month across email and chat.");
        break;
      default:
        await input.fill(field.name === "linkedin" ? "https://example.com/ada" : "Ada");
    }
    await settled();
  }
  for (const box of await form.locator('input[type="checkbox"]').all()) {
    await box.check();
    await settled();
  }
  return email;
}

/** The page clock moves past the API's minimum fill time, so the lead is not held as spam. */
async function submit(page: Page, id: string): Promise<void> {
  await page.clock.fastForward(4_000);
  await formOf(page, id).locator(`button[type="submit"]`).click();
}

async function storedLead(leads: LeadSite, email: string) {
  await expect
    .poll(async () => (await leads.store.listLeads({ email })).length, { timeout: 5_000 })
    .toBe(1);
  const [lead] = await leads.store.listLeads({ email });
  if (!lead) throw new Error(`no lead for ${email}`);
  return lead;
}

/** Hydrated: the form turned off the browser's own bubbles, so our messages show. */
async function hydrated(page: Page, id: string): Promise<void> {
  // A deferred form (the blog's newsletter) loads its code only once it nears the viewport.
  await formOf(page, id).scrollIntoViewIfNeeded();
  await expect
    .poll(() => formOf(page, id).evaluate((form: HTMLFormElement) => form.noValidate))
    .toBe(true);
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test("renders the definition: labels, placeholders, required markers, hidden fields, consent and privacy text", async ({
  page,
}) => {
  await page.goto(PAGES.demo);
  const form = formOf(page, "demo-request");
  await expect(form.getByLabel("First name")).toHaveAttribute("placeholder", "Ada");
  await expect(form.getByLabel("First name")).toHaveAttribute("required", "");
  await expect(form.getByLabel("What would you like to see?")).not.toHaveAttribute("required");
  await expect(form.locator('[data-field="firstname"] label span[aria-hidden="true"]')).toHaveText(
    "*",
  );
  await expect(form.getByLabel("How many people answer customers?")).toHaveJSProperty(
    "tagName",
    "SELECT",
  );
  await expect(form.locator('input[type="hidden"][name="utm_source"]')).toHaveCount(1);
  await expect(form.getByRole("link", { name: "privacy policy" })).toHaveAttribute(
    "href",
    "/legal/privacy/",
  );
  await expect(form.getByRole("checkbox")).toHaveCount(1);
  const honeypot = form.locator(`[name="${HONEYPOT_FIELD}"]`);
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(honeypot).not.toBeInViewport();
  await page.goto(PAGES.careers);
  await expect(formOf(page, "job-application").locator('input[type="file"]')).toHaveAttribute(
    "accept",
    "image/*,application/pdf",
  );
});

test("an empty submit flags every invalid visible field with the spec's message and focuses the first", async ({
  page,
}) => {
  await page.goto(PAGES.demo);
  await hydrated(page, "demo-request");
  const form = formOf(page, "demo-request");
  await form.getByRole("button", { name: "Book my demo" }).click();
  for (const name of ["firstname", "lastname", "email", "company", "team_size"]) {
    const input = control(form, name);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    const describedBy = await input.getAttribute("aria-describedby");
    expect(await input.getAttribute("aria-errormessage")).toBe(describedBy);
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(FORM_MESSAGES.required);
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveAttribute("aria-live", "polite");
  }
  await expect(control(form, "message")).toHaveAttribute("aria-invalid", "false");
  await expect(control(form, "firstname")).toBeFocused();
  expect(
    await control(form, "firstname").evaluate((input: HTMLInputElement) => input.validationMessage),
  ).toBe(FORM_MESSAGES.required);
});

test("several required consent boxes: none ticked says the spec's message on each and focuses the first; one ticked clears both", async ({
  page,
}) => {
  await page.goto(PAGES.calculator);
  await hydrated(page, "staffing-result");
  const form = formOf(page, "staffing-result");
  const boxes = [301, 302].map((id) => control(form, communicationsConsentField(id)));
  await control(form, "email").fill(uniqueEmail());
  await form.getByRole("button", { name: "Email me" }).click();
  for (const box of boxes) {
    await expect(box).toHaveAttribute("aria-invalid", "true");
    const describedBy = await box.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(FORM_MESSAGES.selectOne);
    expect(await box.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
      FORM_MESSAGES.selectOne,
    );
  }
  await expect(control(form, "email")).toHaveAttribute("aria-invalid", "false");
  await expect(boxes[0] as Locator).toBeFocused();
  await (boxes[1] as Locator).check();
  await page.clock.runFor(FIELD_DEBOUNCE_MS);
  for (const box of boxes) await expect(box).toHaveAttribute("aria-invalid", "false");
  await expect(form.getByText(FORM_MESSAGES.selectOne)).toHaveCount(0);
});

test("email: the text@text.text rule and blocked domains, checked on blur", async ({ page }) => {
  await page.goto(PAGES.demo);
  await hydrated(page, "demo-request");
  const email = control(formOf(page, "demo-request"), "email");
  const error = page.locator(`[id="${await email.evaluate((el) => `${el.id}-error`)}"]`);
  await email.fill("ada@northwind");
  await email.blur();
  await expect(error).toHaveText(FORM_MESSAGES.email);
  await email.fill("ada@gmail.com");
  await email.blur();
  await expect(error).toHaveText(
    /^Please enter a valid email address\. This form does not accept gmail\.com addresses/,
  );
  await email.fill("ada@northwind.example");
  await email.blur();
  await expect(error).toHaveText("");
  await expect(email).toHaveAttribute("aria-invalid", "false");
});

test(`once invalid, a field re-validates ${FIELD_DEBOUNCE_MS} ms after typing stops (page clock)`, async ({
  page,
}) => {
  await page.goto(PAGES.demo);
  await hydrated(page, "demo-request");
  const form = formOf(page, "demo-request");
  await form.locator('button[type="submit"]').click();
  const first = control(form, "firstname");
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await page.clock.pauseAt(Date.now() + 60_000);
  await first.pressSequentially("Ad");
  await page.clock.runFor(FIELD_DEBOUNCE_MS - 1);
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await first.press("a");
  // Each keystroke restarts the wait.
  await page.clock.runFor(FIELD_DEBOUNCE_MS - 1);
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await page.clock.runFor(1);
  await expect(first).toHaveAttribute("aria-invalid", "false");
  // A field that was never invalid does not validate while typing.
  await control(form, "message").fill("x");
  await page.clock.runFor(FIELD_DEBOUNCE_MS * 2);
  await expect(control(form, "message")).toHaveAttribute("aria-invalid", "false");
});

test("layouts: name pair side by side, email-catcher with the button inline, compact form", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(PAGES.webinar);
  const webinar = formOf(page, "webinar-registration");
  await expect(webinar).toHaveAttribute("data-layout", "regular");
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error("not laid out");
    return found;
  };
  const first = await box(control(webinar, "firstname"));
  const last = await box(control(webinar, "lastname"));
  expect(last.y).toBe(first.y);
  expect(last.x).toBeGreaterThan(first.x + first.width - 1);
  const regularHeight = (await box(control(webinar, "jobtitle"))).height;

  const catcher = formOf(page, "newsletter");
  await expect(catcher).toHaveAttribute("data-layout", "email-catcher");
  const input = await box(control(catcher, "email"));
  const button = await box(catcher.getByRole("button", { name: "Subscribe" }));
  expect(button.x).toBeGreaterThan(input.x + input.width - 1);
  expect(Math.abs(button.y + button.height - (input.y + input.height))).toBeLessThan(2);

  // Six visible fields make a form compact (§5): tighter controls, the name pair still paired.
  await page.goto(PAGES.sales);
  const sales = formOf(page, "contact-sales");
  await expect(sales).toHaveAttribute("data-layout", "compact");
  expect((await box(control(sales, "company"))).height).toBeLessThan(regularHeight);
  expect((await box(control(sales, "lastname"))).y).toBe(
    (await box(control(sales, "firstname"))).y,
  );
});

test("success: Sending..., the stored lead with its context, the success message, the callback, then redirectUrl in a new tab", async ({
  page,
  leads,
  context,
}) => {
  // A visitor who accepted marketing: the CRM's cookie goes with the lead (consent-withdrawal.spec.ts
  // shows it staying behind otherwise).
  await page
    .context()
    .addCookies([
      answeredConsentCookie(["analytics", "marketing"]),
      { name: "hubspotutk", value: "4f2a9c1d7e3b5a6c8d0e1f2a3b4c5d6e", url: leads.server.url },
    ]);
  await page.goto(PAGES.demo);
  await hydrated(page, "demo-request");
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    window.addEventListener("harbor:form-submitted", (event) =>
      seen.push(`submitted:${(event as CustomEvent<{ formId: string }>).detail.formId}`),
    );
    const open = window.open.bind(window);
    window.open = (...args) => {
      seen.push(`open:${String(args[0])}`);
      return open(...args);
    };
  });
  const email = await fillValid(page, "demo-request");
  // Held until the sending state has been seen: no race with a slow machine.
  const gate = createGate();
  leads.server.faults.set("/api/hubspot/submitForm", { holdUntil: gate.opened, times: 1 });
  const popup = context.waitForEvent("page");
  await submit(page, "demo-request");
  const form = formOf(page, "demo-request");
  await expect(form.getByRole("button")).toHaveText(SUBMITTING_TEXT);
  await expect(form.getByRole("button")).toBeDisabled();
  gate.open();
  await expect(form.getByRole("status")).toHaveText(
    definition("demo-request").configuration.postSubmitAction.value,
  );
  // The controls are gone: the focus is on the message, not lost to the top of the page.
  await expect(form.getByRole("status")).toBeFocused();
  const opened = await popup;
  expect(new URL(opened.url()).pathname).toBe("/product-tour/");
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
    "submitted:demo-request",
    "open:/product-tour/",
  ]);

  const lead = await storedLead(leads, email);
  expect(lead.formId).toBe("demo-request");
  expect(lead.values).toMatchObject({ firstname: "Ada", email, team_size: "1-5" });
  expect(lead.context).toMatchObject({
    pageName: "Get a demo of Harbor Desk",
    pageUri: `${leads.server.url}${PAGES.demo}`,
    ipAddress: "127.0.0.1",
    hubspotutk: "4f2a9c1d7e3b5a6c8d0e1f2a3b4c5d6e",
  });
  expect(lead.submissionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(lead.spamReason).toBeNull();
  expect(lead.consent).toEqual({ "LEGAL_CONSENT.subscription_type_101": true });
});

test("the free-trial form opens the sign-up link from site settings instead of its redirectUrl", async ({
  page,
  context,
  leads,
}) => {
  await context.route("https://secure.harbordesk.example/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Sign up</title>" }),
  );
  await page.goto(PAGES.trial);
  await hydrated(page, "start-trial");
  const email = await fillValid(page, "start-trial");
  const popup = context.waitForEvent("page");
  await submit(page, "start-trial");
  const opened = await popup;
  expect(opened.url()).toBe("https://secure.harbordesk.example/members/register/plus/");
  await storedLead(leads, email);
});

test("a server failure shows its message in the form's error area and leaves the form disabled", async ({
  page,
  leads,
}) => {
  await page.goto(PAGES.sales);
  await hydrated(page, "contact-sales");
  const email = await fillValid(page, "contact-sales");
  leads.server.faults.set("/api/hubspot/submitForm", {
    status: 503,
    body: JSON.stringify({ success: false, message: "We could not save your request just now." }),
    headers: { "content-type": "application/json" },
  });
  await submit(page, "contact-sales");
  const form = formOf(page, "contact-sales");
  await expect(form.getByRole("alert")).toHaveText("We could not save your request just now.");
  await expect(form.getByRole("alert")).toBeFocused();
  await expect(form).toHaveAttribute("data-state", "error");
  await expect(form.getByRole("button")).toBeDisabled();
  await expect(control(form, "firstname")).toBeDisabled();
  expect(await leads.store.listLeads({ email })).toHaveLength(0);
});

test("a dropped connection shows the thrown message; a failed IP lookup never blocks", async ({
  page,
  leads,
}) => {
  await page.goto(PAGES.sales);
  await hydrated(page, "contact-sales");
  await fillValid(page, "contact-sales");
  leads.server.faults.set("/api/ip", { status: 500 });
  leads.server.faults.set("/api/hubspot/submitForm", { drop: true });
  await submit(page, "contact-sales");
  await expect(formOf(page, "contact-sales").getByRole("alert")).toHaveText("Failed to fetch");
  // The IP lookup failed first, and the submission was still sent.
  expect(leads.server.requests.count("/api/ip")).toBe(1);
  // Chromium itself retries a POST whose connection was reset, so count at least one.
  expect(leads.server.requests.count("/api/hubspot/submitForm", "POST")).toBeGreaterThan(0);
});

test("a real PDF is uploaded first and its fileUrl reaches the stored lead; a refused upload flags the field without a message", async ({
  page,
  leads,
  request,
}) => {
  await page.goto(PAGES.careers);
  await hydrated(page, "job-application");
  const form = formOf(page, "job-application");
  const email = await fillValid(page, "job-application");
  const resume = control(form, "resume");
  await resume.setInputFiles({
    name: "resume.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await submit(page, "job-application");
  await expect(resume).toHaveAttribute("aria-invalid", "true");
  await expect(resume).not.toHaveAttribute("aria-describedby");
  await expect(form.locator('[data-field="resume"] [aria-live]')).toHaveText("");
  await expect(form).toHaveAttribute("data-state", "idle");
  await expect(resume).toBeFocused();

  await resume.setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: PDF });
  await submit(page, "job-application");
  await expect(form.getByRole("status")).toHaveText(/Application received/);
  const lead = await storedLead(leads, email);
  expect(lead.values.resume).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{16,}$/);
  const file = await request.get(`${leads.server.url}${lead.values.resume}`);
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);
});

test("UTM and GA prefill from a campaign URL", async ({ page, leads }) => {
  // A campaign visit elsewhere on the site records the touch in the attribution cookies…
  await page.goto("/?utm_source=linkedin&utm_medium=paid_social&utm_campaign=q3-launch");
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === "attr_last_touch"))
    .toBe(true);
  // …and a form page reached by a second campaign URL takes its utm_* from the query.
  await page.goto(
    `${PAGES.sales}?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=abc123&utm_term=help+desk`,
  );
  const form = formOf(page, "contact-sales");
  const hidden = (name: string) => form.locator(`input[type="hidden"][name="${name}"]`);
  await expect(hidden("utm_source")).toHaveValue("newsletter");
  await expect(hidden("utm_term")).toHaveValue("help desk");
  await expect(hidden("gclid")).toHaveValue("abc123");
  await expect(hidden("GA_Source")).toHaveValue("newsletter");
  await expect(hidden("GA_Source_First")).toHaveValue("linkedin");
  await expect(hidden("GA_Campaign_First")).toHaveValue("q3-launch");
  const email = await fillValid(page, "contact-sales");
  await submit(page, "contact-sales");
  const lead = await storedLead(leads, email);
  expect(lead.values).toMatchObject({
    utm_source: "newsletter",
    gclid: "abc123",
    GA_Source: "newsletter",
    GA_Source_First: "linkedin",
  });
});

test("two forms on one page work independently", async ({ page, leads }) => {
  await page.goto(PAGES.webinar);
  await hydrated(page, "newsletter");
  await hydrated(page, "webinar-registration");
  const ids = await page.evaluate(() =>
    Array.from(document.querySelectorAll("[id]"), (element) => element.id),
  );
  expect(new Set(ids).size).toBe(ids.length);

  const registration = formOf(page, "webinar-registration");
  await registration.locator('button[type="submit"]').click();
  await expect(control(registration, "email")).toHaveAttribute("aria-invalid", "true");
  await expect(control(formOf(page, "newsletter"), "email")).toHaveAttribute(
    "aria-invalid",
    "false",
  );

  const subscriber = uniqueEmail("grace");
  await control(formOf(page, "newsletter"), "email").fill(subscriber);
  await submit(page, "newsletter");
  await expect(formOf(page, "newsletter").getByRole("status")).toHaveText(/subscribed/);
  await expect(registration).toHaveAttribute("data-state", "idle");
  await expect(control(registration, "firstname")).toBeEnabled();

  const attendee = await fillValid(page, "webinar-registration");
  await submit(page, "webinar-registration");
  await expect(registration.getByRole("status")).toHaveText(/registered/);
  expect((await storedLead(leads, subscriber)).formId).toBe("newsletter");
  expect((await storedLead(leads, attendee)).values.attendance).toBe("live");
  expect(leads.server.requests.count("/api/hubspot/submitForm", "POST")).toBe(2);
});

test("a form reached by client-side navigation works like one loaded first", async ({
  page,
  leads,
}) => {
  await page.goto("/pricing/");
  // Before the router has hydrated, a link is a plain page load (as for a visitor).
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole("banner").getByRole("link", { name: "Get a Demo" }).click();
  await expect(page).toHaveURL(/\/lp\/get-a-demo\/$/);
  await hydrated(page, "demo-request");
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  const form = formOf(page, "demo-request");
  await form.locator('button[type="submit"]').click();
  await expect(control(form, "firstname")).toBeFocused();
  const email = await fillValid(page, "demo-request");
  await submit(page, "demo-request");
  await expect(form.getByRole("status")).toHaveText(/product specialist/);
  expect((await storedLead(leads, email)).context.pageName).toBe("Get a demo of Harbor Desk");
});

test.describe("the staffing calculator's email-result form", () => {
  /** The classic Erlang C case, typed into the calculator. */
  const CLASSIC = {
    "Emails a month": "0",
    "Chats a month": "0",
    "Calls a month": "10,400",
    "Average handling time per call": "3",
    "Hours of coverage a day": "4",
    "Days of coverage a week": "3",
  };

  test("carries the result link of the inputs on screen into the stored lead", async ({
    page,
    leads,
  }) => {
    await page.goto(PAGES.calculator);
    await hydrated(page, "staffing-result");
    const form = formOf(page, "staffing-result");
    await expect(control(form, RESULT_LINK_FIELD)).toHaveValue(resultLink(DEFAULT_INPUTS));
    for (const [label, value] of Object.entries(CLASSIC)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await expect(page.locator('[data-result="phone-agents"]')).toHaveText("14");
    await page.clock.runFor(500);
    await expect(page).toHaveURL(/phone_volume=10400/);
    const onScreen = new URL(page.url());

    const email = uniqueEmail("grace");
    await control(form, "email").fill(email);
    await control(form, communicationsConsentField(301)).check();
    await submit(page, "staffing-result");
    await expect(form).toHaveAttribute("data-state", "success");
    await expect(form.getByRole("status")).toHaveText(
      definition("staffing-result").configuration.postSubmitAction.value,
    );

    const lead = await storedLead(leads, email);
    expect(lead.formId).toBe("staffing-result");
    const link = lead.values[RESULT_LINK_FIELD] ?? "";
    expect(link).toBe(`${onScreen.pathname}${onScreen.search}`);
    const url = new URL(link, leads.server.url);
    expect(url.pathname).toBe(CALCULATOR_PATH);
    expect(decodeState(url.search)).toEqual({
      ...DEFAULT_INPUTS,
      email_volume: 0,
      chat_volume: 0,
      phone_volume: 10_400,
      phone_aht: 3,
      hours_per_day: 4,
      days_per_week: 3,
    });
    expect(lead.consent).toEqual({
      [communicationsConsentField(301)]: true,
      [communicationsConsentField(302)]: false,
    });
    expect(lead.context.pageName).toBe("Help desk staffing calculator");
    expect(lead.spamReason).toBeNull();

    // The link reopens the same result.
    await page.goto(link);
    await expect(page.locator('[data-result="phone-agents"]')).toHaveText("14");
    await expect(page.locator('[data-result="total-staff"]')).toHaveText("20");
  });

  test("the lead API refuses a link to anywhere else, and a plan with neither email chosen", async ({
    page,
    leads,
  }) => {
    const body = {
      formId: "staffing-result",
      email: uniqueEmail(),
      [RESULT_LINK_FIELD]: resultLink(DEFAULT_INPUTS),
      [communicationsConsentField(301)]: true,
    };
    const post = (data: Record<string, unknown>) =>
      page.request.post(`${leads.server.url}${SUBMIT_FORM_PATH}`, { data });
    for (const link of [
      "https://evil.example/help-desk-staffing-calculator/?phone_volume=1",
      "//evil.example/help-desk-staffing-calculator/",
      "/lp/get-a-demo/",
    ]) {
      const answer = await post({ ...body, [RESULT_LINK_FIELD]: link });
      expect(answer.status(), link).toBe(400);
      expect((await answer.json()).message).toContain(NOT_A_SITE_LINK_MESSAGE);
    }
    const none = await post({ ...body, [communicationsConsentField(301)]: false });
    expect(none.status()).toBe(400);
    expect((await none.json()).message).toContain(FORM_MESSAGES.selectOne);
    expect(await leads.store.listLeads({ email: body.email })).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts natively with the link to the prerendered (default) result", async ({
      page,
      leads,
    }) => {
      await page.goto(PAGES.calculator);
      const email = await fillValid(page, "staffing-result", { settle: false });
      await formOf(page, "staffing-result").locator('button[type="submit"]').click();
      await expect(page).toHaveURL(
        /\?hd_form=staffing-result&hd_status=success#form-staffing-result$/,
      );
      await expect(page.getByText(/On its way/)).toBeVisible();
      await expect(page.locator('[data-result="total-staff"]')).toHaveText("27");
      const lead = await storedLead(leads, email);
      expect(lead.values[RESULT_LINK_FIELD]).toBe(resultLink(DEFAULT_INPUTS));
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts natively, the lead is stored and the success state is shown", async ({
    page,
    leads,
  }) => {
    await page.goto(PAGES.demo);
    const email = await fillValid(page, "demo-request", { settle: false });
    await formOf(page, "demo-request").locator('button[type="submit"]').click();
    await expect(page).toHaveURL(
      new RegExp(`${PAGES.demo}\\?hd_form=demo-request&hd_status=success#form-demo-request$`),
    );
    const form = formOf(page, "demo-request");
    await expect(form.getByText(/product specialist will email you/)).toBeVisible();
    await expect(control(form, "firstname")).toBeHidden();
    const lead = await storedLead(leads, email);
    expect(lead.values).toMatchObject({ firstname: "Ada", email });
    expect(lead.context.pageName).toBe("Get a demo of Harbor Desk");
  });
});

test.describe("axe", () => {
  // Three full-page scans per test, on a machine other test runs share.
  test.describe.configure({ timeout: 90_000 });
  const cases: [string, string][] = [
    [PAGES.demo, "demo-request"],
    [PAGES.webinar, "webinar-registration"],
    [PAGES.sales, "contact-sales"],
    [PAGES.careers, "job-application"],
    [PAGES.trial, "start-trial"],
    [PAGES.blog, "newsletter"],
    [PAGES.calculator, "staffing-result"],
  ];
  for (const width of [375, 1280]) {
    for (const [path, id] of cases) {
      test(`${path} at ${width} px: no violations idle, with errors and after success`, async ({
        page,
        context,
      }) => {
        await context.route("https://secure.harbordesk.example/**", (route) =>
          route.fulfill({ status: 200, contentType: "text/html", body: "<title>Sign up</title>" }),
        );
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await hydrated(page, id);
        const scan = async (state: string) => {
          expect(await axeViolations(page), state).toEqual([]);
        };
        await scan("idle");
        await formOf(page, id).locator(`button[type="submit"]`).click();
        await expect(formOf(page, id).locator('[aria-invalid="true"]').first()).toBeVisible();
        await scan("error");
        await fillValid(page, id);
        await submit(page, id);
        await expect(formOf(page, id)).toHaveAttribute("data-state", "success");
        await scan("success");
      });
    }
  }
});
