/**
 * Attribution on the built site and the standalone script, in Chromium: cookies across a
 * client-side navigation, sign-up link rewriting, referral params after the delay, and the
 * standalone script on fixture sign-up and login pages served as the app's host.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import {
  encodeFirstTouch,
  encodeLastTouch,
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  LINK_REWRITE_DELAY_MS,
  MISSING_FIELD_VALUE,
  parseFirstTouch,
  parseLastTouch,
  SIGNUP_COOKIE,
  SIGNUP_LINK_PARAMS,
} from "../../src/attribution/index.ts";
import { expect, test } from "./support/fixtures.ts";
import { isSameDocument, markDocument, waitForHydration } from "./support/page-state.ts";
import { SITES } from "./support/sites.ts";

const SIGNUP_LINK = 'a[data-action="start-for-free"]';
const LOGIN_LINK = 'a[data-action="log-in"]';
const APP = "https://secure.harbordesk.example";

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((entry) => entry.name === name)?.value;
}

async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

function queryOf(href: string | null): Record<string, string> {
  return Object.fromEntries(new URL(href ?? "", "http://x").searchParams);
}

test("landing with utm parameters, then a client navigation, keeps first touch and updates last URL", async ({
  page,
  context,
  pageErrors,
}) => {
  await openHydrated(page, "/?utm_source=news&utm_medium=email&utm_campaign=spring");
  await expect.poll(() => cookie(context, LAST_URL_COOKIE)).toBe("/");
  const firstTouch = await cookie(context, FIRST_TOUCH_COOKIE);
  expect(parseFirstTouch(firstTouch)).toEqual({
    source: "news",
    medium: "email",
    campaign: "spring",
    term: "",
    content: "",
  });
  await markDocument(page);

  await page.getByRole("link", { name: "Pricing", exact: true }).first().click();
  await expect(page).toHaveURL("/pricing/");
  await expect.poll(() => cookie(context, LAST_URL_COOKIE)).toBe("/pricing/");

  expect(await isSameDocument(page)).toBe(true);
  expect(await cookie(context, FIRST_TOUCH_COOKIE)).toBe(firstTouch);
  expect(await cookie(context, FIRST_URL_COOKIE)).toBe("/");
  // The previous page is the referrer of a client navigation: internal, so no new touch.
  expect(parseLastTouch(await cookie(context, LAST_TOUCH_COOKIE))).toMatchObject({
    source: "news",
    medium: "email",
  });
  await expect(page.locator(SIGNUP_LINK).first()).toHaveAttribute(
    "href",
    /[?&]last_touch_url=%2Fpricing%2F(&|$)/,
  );
  expect(pageErrors).toEqual([]);
});

test("sign-up links carry the attribution parameters and the page's promo", async ({
  page,
  pageErrors,
}) => {
  await openHydrated(
    page,
    "/pricing/?utm_source=news&utm_medium=email&utm_campaign=spring&promo=SPRING25&tvar=B",
  );
  const links = page.locator(`a[href^="${APP}/members/register/"]`);
  await expect(links.first()).toHaveAttribute("href", /promo=SPRING25/);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href?.startsWith(`${APP}/members/register/plus/?`)).toBe(true);
    // A plan card's link names its plan in content (`{{signup}}?plan=standard`); that
    // parameter stays, and the attribution is added beside it.
    const { plan, ...attribution } = queryOf(href);
    if (plan !== undefined) expect(plan).toMatch(/^[a-z-]+$/);
    expect(attribution).toEqual({
      utm_source: "news",
      utm_campaign: "spring",
      utm_medium: "email",
      last_touch_url: "/pricing/",
      utm_first_source: "news",
      utm_first_campaign: "spring",
      utm_first_medium: "email",
      first_touch_url: "/pricing/",
      hs_tvar: "B",
      promo: "SPRING25",
    });
  }
  // Other links stay as rendered (no analytics id is known here).
  await expect(page.getByRole("link", { name: "Status" })).toHaveAttribute(
    "href",
    "https://status.harbordesk.example/",
  );
  await expect(page.getByRole("link", { name: "Pricing", exact: true }).first()).toHaveAttribute(
    "href",
    "/pricing/",
  );
  expect(pageErrors).toEqual([]);
});

test("a sign-up link added after the page loaded is rewritten too", async ({ page }) => {
  await openHydrated(page, "/pricing/?utm_source=news&utm_medium=email");
  await expect(page.locator(SIGNUP_LINK).first()).toHaveAttribute("href", /utm_source=news/);
  await page.evaluate((app) => {
    const link = document.createElement("a");
    link.id = "late-signup";
    link.href = `${app}/members/register/`;
    link.textContent = "Try it";
    document.querySelector("main")?.append(link);
  }, APP);
  await expect(page.locator("#late-signup")).toHaveAttribute(
    "href",
    `${APP}/members/register/?utm_source=news&utm_medium=email&last_touch_url=%2Fpricing%2F&utm_first_source=news&utm_first_medium=email&first_touch_url=%2Fpricing%2F`,
  );
});

test("thousands of links are rewritten a few at a time, in many short tasks, every one of them", async ({
  page,
}) => {
  await openHydrated(page, "/pricing/?utm_source=news");
  await expect(page.locator(SIGNUP_LINK).first()).toHaveAttribute("href", /utm_source=news/);
  const count = 20_000;
  // Each observer callback is the href changes of one task.
  const batches = await page.evaluate(
    ({ app, count }) =>
      new Promise<number[]>((resolve) => {
        const links = document.createElement("div");
        for (let index = 0; index < count; index += 1) {
          const link = document.createElement("a");
          link.href = `${app}/members/register/?n=${index}`;
          links.append(link);
        }
        const sizes: number[] = [];
        let changed = 0;
        // Only these links: the page's own may still be in their first pass.
        new MutationObserver((records) => {
          const ours = records.filter((record) => record.type === "attributes").length;
          if (ours === 0) return;
          sizes.push(ours);
          changed += ours;
          if (changed >= count) resolve(sizes);
        }).observe(links, { subtree: true, attributes: true, attributeFilter: ["href"] });
        document.querySelector("main")?.append(links);
      }),
    { app: APP, count },
  );
  expect(batches.reduce((sum, size) => sum + size, 0)).toBe(count);
  // One pass over 20,000 sign-up links takes far longer than a slice of the pass.
  expect(batches.length).toBeGreaterThan(1);
  const last = page.locator("main a").last();
  await expect(last).toHaveAttribute("href", /\?n=19999&utm_source=news/);
});

test("with cookies blocked the page works and links still carry this visit's attribution", async ({
  page,
  context,
  pageErrors,
}) => {
  await page.addInitScript(() => {
    const blocked = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    Object.defineProperty(Document.prototype, "cookie", { get: blocked, set: blocked });
  });
  await openHydrated(page, "/pricing/?utm_source=news&utm_medium=email");
  await expect(page.locator(SIGNUP_LINK).first()).toHaveAttribute(
    "href",
    /utm_source=news&utm_medium=email&last_touch_url=%2Fpricing%2F/,
  );
  await page.getByRole("link", { name: "Customers", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveURL("/customer-first/");
  expect(await context.cookies()).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("links to product hosts carry the analytics visitor id", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { mixpanel: object }).mixpanel = { get_distinct_id: () => "mx-123" };
  });
  await openHydrated(page, "/");
  await expect(page.getByRole("link", { name: "Status" })).toHaveAttribute(
    "href",
    "https://status.harbordesk.example/?mxid=mx-123",
  );
});

test("a link followed after the analytics id has loaded carries it", async ({ page }) => {
  await openHydrated(page, "/");
  // Attribution has run: the sign-up link is rewritten, the status link has no id yet.
  await expect(page.locator(SIGNUP_LINK).first()).toHaveAttribute("href", /utm_source=/);
  await expect(page.getByRole("link", { name: "Status" })).toHaveAttribute(
    "href",
    "https://status.harbordesk.example/",
  );
  await page.evaluate(() => {
    (window as unknown as { mixpanel: object }).mixpanel = { get_distinct_id: () => "late-id" };
  });
  const requested = new Promise<string>((resolve) => {
    void page.route("https://status.harbordesk.example/**", async (route) => {
      resolve(route.request().url());
      await route.fulfill({ contentType: "text/html", body: "<title>Status</title>" });
    });
  });
  await page.getByRole("link", { name: "Status" }).click();
  expect(await requested).toBe("https://status.harbordesk.example/?mxid=late-id");
});

test("gspk and gsxid reach app links only after the link-rewrite delay", async ({
  page,
  context,
  site,
}) => {
  // gspk from the URL, gsxid from a cookie.
  await context.addCookies([{ name: "gsxid", value: "x1", url: site.url }]);
  await page.addInitScript(() => {
    const changes: { time: number; action: string | null; href: string | null }[] = [];
    (window as unknown as { __hrefChanges: typeof changes }).__hrefChanges = changes;
    new MutationObserver((records) => {
      const time = performance.now();
      for (const record of records) {
        const target = record.target as Element;
        changes.push({
          time,
          action: target.getAttribute("data-action"),
          href: target.getAttribute("href"),
        });
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["href"] });
  });
  await openHydrated(page, "/?gspk=pk1");
  await expect(page.locator(LOGIN_LINK).first()).toHaveAttribute(
    "href",
    `${APP}/members/login/?gspk=pk1&gsxid=x1`,
  );
  await expect(page.locator(SIGNUP_LINK).first()).toHaveAttribute("href", /gspk=pk1&gsxid=x1/);

  const changes = await page.evaluate(
    () =>
      (
        window as unknown as {
          __hrefChanges: { time: number; action: string | null; href: string | null }[];
        }
      ).__hrefChanges,
  );
  const firstRewrite = changes.find((change) => change.action === "start-for-free");
  const referral = changes.find((change) => change.action === "log-in");
  expect(firstRewrite?.href).toContain("utm_source=%28direct%29");
  expect(firstRewrite?.href).not.toContain("gspk");
  expect(referral?.href).toContain("gspk=pk1");
  // One millisecond of slack for timer rounding.
  expect((referral?.time ?? 0) - (firstRewrite?.time ?? 0)).toBeGreaterThanOrEqual(
    LINK_REWRITE_DELAY_MS - 1,
  );
});

const GA_INPUTS = [
  "GA_Source",
  "GA_Medium",
  "GA_Term",
  "GA_Campaign",
  "GA_Content",
  "GA_Url",
  "GA_Source_First",
  "GA_Medium_First",
  "GA_Term_First",
  "GA_Campaign_First",
  "GA_Content_First",
  "GA_Url_First",
]
  .map((name) => `<input type="hidden" name="${name}">`)
  .join("");

const SIGNUP_PAGE = `<!doctype html>
<html lang="en"><head><title>Sign up</title>
<script src="/attribution.js" data-config='{"appHosts":["secure.harbordesk.example"]}'></script>
</head><body>
<a id="relative" href="/members/register/plus/?plan=standard">Standard plan</a>
<a id="absolute" href="${APP}/members/register/">Sign up</a>
<form id="signup">
  <input name="email" aria-label="Email"><input name="fname" aria-label="First name">
  <input name="lname" aria-label="Last name"><input name="company" aria-label="Company" value="Kept">
  ${GA_INPUTS}
  <input type="hidden" name="utm_source"><input type="hidden" name="hs_persona">
  <input type="hidden" name="gclid" value="default">
</form>
<script>
  const form = document.getElementById("signup");
  window.__prefill = HarborAttribution.prefillSignupForm(form);
  window.__filled = HarborAttribution.fillHiddenFields(form);
</script>
</body></html>`;

const LOGIN_PAGE = `<!doctype html>
<html lang="en"><head><title>Log in</title><script src="/attribution.js"></script></head>
<body><a id="signup" href="/members/register/plus/">Create an account</a></body></html>`;

async function serveApp(page: Page, origin = APP): Promise<void> {
  const script = await readFile(join(SITES.main.out, "attribution.js"), "utf8");
  await page.route(`${origin}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === "/attribution.js") {
      await route.fulfill({ contentType: "text/javascript", body: script });
    } else if (pathname.startsWith("/members/login/")) {
      await route.fulfill({ contentType: "text/html", body: LOGIN_PAGE });
    } else {
      await route.fulfill({ contentType: "text/html", body: SIGNUP_PAGE });
    }
  });
}

async function addStoredAttribution(context: BrowserContext): Promise<void> {
  const shared = { domain: ".harbordesk.example", path: "/", sameSite: "Strict" as const };
  await context.addCookies([
    {
      ...shared,
      name: LAST_TOUCH_COOKIE,
      value: encodeLastTouch({
        source: "bing",
        medium: "organic",
        campaign: "(organic)",
        term: "inbox",
        content: "",
      }),
    },
    {
      ...shared,
      name: FIRST_TOUCH_COOKIE,
      value: encodeFirstTouch({
        source: "x",
        medium: "social",
        campaign: "(social)",
        term: "",
        content: "",
      }),
    },
    { ...shared, name: FIRST_URL_COOKIE, value: "/" },
    { ...shared, name: LAST_URL_COOKIE, value: "/blog/" },
  ]);
}

test("the standalone script fills a sign-up form and leaves the sign-up page's links alone", async ({
  page,
  context,
  pageErrors,
}) => {
  await addStoredAttribution(context);
  await serveApp(page);
  const lastTouchBefore = await cookie(context, LAST_TOUCH_COOKIE);
  await page.goto(
    `${APP}/members/register/plus/?reg=ana%40example.com&fn=Ana&ln=L%C3%B3pez&cn=Acme` +
      "&utm_source=news&utm_medium=email&last_touch_url=%2Fpricing%2F&hs_persona=ops",
  );

  const values = await page.evaluate(() =>
    Object.fromEntries(
      Array.from(
        (document.getElementById("signup") as HTMLFormElement)
          .elements as Iterable<HTMLInputElement>,
        (input) => [input.name, input.value],
      ),
    ),
  );
  expect(values).toEqual({
    email: "ana@example.com",
    fname: "Ana",
    lname: "López",
    company: "Kept",
    // The URL carries this visit's last touch; the first touch comes from the cookies.
    GA_Source: "news",
    GA_Medium: "email",
    GA_Term: MISSING_FIELD_VALUE,
    GA_Campaign: MISSING_FIELD_VALUE,
    GA_Content: MISSING_FIELD_VALUE,
    GA_Url: "/pricing/",
    GA_Source_First: "x",
    GA_Medium_First: "social",
    GA_Term_First: MISSING_FIELD_VALUE,
    GA_Campaign_First: "(social)",
    GA_Content_First: MISSING_FIELD_VALUE,
    GA_Url_First: "/",
    utm_source: "news",
    hs_persona: "ops",
    gclid: "default",
  });

  // Wait past the referral delay: nothing may touch the sign-up page's own links.
  await page.waitForTimeout(LINK_REWRITE_DELAY_MS * 3);
  await expect(page.locator("#relative")).toHaveAttribute(
    "href",
    "/members/register/plus/?plan=standard",
  );
  await expect(page.locator("#absolute")).toHaveAttribute("href", `${APP}/members/register/`);
  // Sign-up pages are not tracked.
  expect(await cookie(context, LAST_TOUCH_COOKIE)).toBe(lastTouchBefore);
  expect(await cookie(context, LAST_URL_COOKIE)).toBe("/blog/");
  expect(pageErrors).toEqual([]);
});

test("the standalone script tracks a login page and rewrites its sign-up link", async ({
  page,
  context,
  pageErrors,
}) => {
  await addStoredAttribution(context);
  await serveApp(page);
  await page.goto(`${APP}/members/login/`);
  await expect(page.locator("#signup")).toHaveAttribute("href", /utm_source=bing/);
  const href = await page.locator("#signup").getAttribute("href");
  expect(href?.startsWith(`${APP}/members/register/plus/?`)).toBe(true);
  expect(Object.keys(queryOf(href))).toEqual(
    SIGNUP_LINK_PARAMS.filter((name) => name !== "hs_tvar" && name !== "referrer"),
  );
  expect(queryOf(href)).toMatchObject({
    utm_first_source: "x",
    last_touch_url: "/members/login/",
    first_touch_url: "/",
  });
  // Written on the parent domain, shared with the marketing site.
  const lastUrl = (await context.cookies()).find((entry) => entry.name === LAST_URL_COOKIE);
  expect(lastUrl).toMatchObject({
    value: "/members/login/",
    domain: ".harbordesk.example",
    sameSite: "Strict",
  });
  expect(pageErrors).toEqual([]);
});

test("a page view the app tracks while a pass is under way leaves every link with its values", async ({
  page,
}) => {
  await serveApp(page);
  await page.goto(`${APP}/members/login/?utm_source=first&utm_medium=email`);
  await expect(page.locator("#signup")).toHaveAttribute("href", /utm_source=first/);
  const last = await page.evaluate(async (count) => {
    const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
    const links = document.createElement("div");
    for (let index = 0; index < count; index += 1) {
      const link = document.createElement("a");
      link.href = `/members/register/plus/?n=${index}`;
      links.append(link);
    }
    document.body.append(links);
    // The pass the new links set off is under way once the first of them is rewritten.
    while (!links.firstElementChild?.getAttribute("href")?.includes("utm_source=first")) {
      await turn();
    }
    history.replaceState(null, "", "/members/login/?utm_source=second&utm_medium=email");
    (window as unknown as { HarborAttribution: { track(): unknown } }).HarborAttribution.track();
    // Zero-delay timers run in turn with the pass's: had it gone on, it would be done by now.
    for (let index = 0; index < 300; index += 1) await turn();
    return links.lastElementChild?.getAttribute("href") ?? null;
  }, 20_000);
  expect(queryOf(last)).toMatchObject({ n: "19999", utm_source: "second" });
});

test("where the browser refuses the parent domain, the cookies are kept on the host instead", async ({
  page,
  context,
  pageErrors,
}) => {
  // myshopify.com is on the public-suffix list but not in the domain heuristic's short list:
  // the script asks for domain=myshopify.com, Chromium refuses it, and the host-only fallback
  // must keep every cookie of the visit.
  const host = "help.myshopify.com";
  await serveApp(page, `https://${host}`);
  await page.goto(`https://${host}/members/login/?utm_source=news&utm_medium=email`);
  await expect.poll(() => cookie(context, LAST_URL_COOKIE)).toBe("/members/login/");
  const written = (await context.cookies()).filter((entry) => entry.name.startsWith("attr_"));
  expect(written.map((entry) => entry.name).sort()).toEqual(
    [
      FIRST_TOUCH_COOKIE,
      FIRST_URL_COOKIE,
      LAST_TOUCH_COOKIE,
      LAST_URL_COOKIE,
      SIGNUP_COOKIE,
    ].sort(),
  );
  for (const entry of written) expect(entry).toMatchObject({ domain: host, sameSite: "Strict" });
  expect(parseLastTouch(await cookie(context, LAST_TOUCH_COOKIE))).toMatchObject({
    source: "news",
    medium: "email",
  });
  expect(pageErrors).toEqual([]);
});
