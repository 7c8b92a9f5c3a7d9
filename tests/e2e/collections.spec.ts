/**
 * The content collections in the browser: blog pagination and categories, posts' tables of
 * contents, a book's chapter navigation, static search, redirects, the integrations filter
 * without JavaScript, company pages and job posts (a closed job redirects), resources' gated
 * downloads after a real submission to the lead API, and the blog's deferred newsletter form.
 * axe on one page of every template runs in pages-a11y.spec.ts.
 */
import { test as base, type Locator, type Page } from "@playwright/test";
import { shardOf } from "../../src/search/index.ts";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { createGate } from "./support/gate.ts";
import { type LeadSite, leadSiteFixture } from "./support/lead-site.ts";
import { isSameDocument, markDocument, waitForHydration } from "./support/page-state.ts";

const ORIGIN = "https://harbordesk.example";

async function headLink(page: Page, rel: string): Promise<string | null> {
  const link = page.locator(`head link[rel="${rel}"]`);
  return (await link.count()) === 0 ? null : link.getAttribute("href");
}

test.describe("blog lists", () => {
  test("the blog home shows featured posts and categories, and pages to older posts", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/blog/");
    await waitForHydration(page);
    const featured = page.getByRole("region", { name: "Featured" });
    await expect(featured.getByRole("article")).toHaveCount(3);
    await expect(
      featured.getByRole("link", { name: "First response time is a promise, not a target" }),
    ).toBeVisible();
    expect(await headLink(page, "canonical")).toBe(`${ORIGIN}/blog/`);
    expect(await headLink(page, "prev")).toBeNull();
    expect(await headLink(page, "next")).toBe(`${ORIGIN}/blog/page/2/`);

    const latest = page.getByRole("region", { name: "Latest posts" });
    await expect(latest.getByRole("article")).toHaveCount(12);
    await markDocument(page);
    await page
      .getByRole("navigation", { name: "Blog pages" })
      .getByRole("link", { name: /Older posts/ })
      .click();
    await expect(page).toHaveURL("/blog/page/2/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog — page 2");
    expect(await isSameDocument(page)).toBe(true);
    // The oldest post is the one left over for page 2.
    const older = page.getByRole("region", { name: "Older posts" }).getByRole("article");
    await expect(older).toHaveCount(1);
    await expect(older).toContainText("A two-week onboarding plan for new support agents");
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("page 2 served in full links back with rel prev and a canonical of its own", async ({
    page,
  }) => {
    const response = await page.goto("/blog/page/2/");
    expect(response?.status()).toBe(200);
    expect(await headLink(page, "canonical")).toBe(`${ORIGIN}/blog/page/2/`);
    expect(await headLink(page, "prev")).toBe(`${ORIGIN}/blog/`);
    expect(await headLink(page, "next")).toBeNull();
    await expect(page.getByRole("link", { name: /Newer posts/ })).toHaveAttribute("href", "/blog/");
  });

  test("a category page lists only that category's posts and marks itself current", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/blog/");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Blog categories" })
      .getByRole("link", { name: "Self-service" })
      .click();
    await expect(page).toHaveURL("/blog/category/self-service/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Self-service");
    const current = page
      .getByRole("navigation", { name: "Blog categories" })
      .getByRole("link", { name: "Self-service" });
    await expect(current).toHaveAttribute("aria-current", "page");
    const titles = await page
      .getByRole("main")
      .getByRole("article")
      .getByRole("heading")
      .allTextContents();
    expect(titles.sort()).toEqual([
      "How to write help articles customers finish",
      "Measuring knowledge base deflection honestly",
    ]);
    expect(pageErrors).toEqual([]);
  });

  test("an author page lists the author's posts", async ({ page }) => {
    await page.goto("/blog/authors/priya-raman/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Priya Raman");
    await expect(page.getByText("Support Operations Lead")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(3);
  });
});

test("a long post has reading time, a table of contents that jumps to its headings, and related posts", async ({
  page,
  pageErrors,
}) => {
  await page.goto("/blog/first-response-time-is-a-promise/");
  await waitForHydration(page);
  await expect(page.getByText(/3 min read/).first()).toBeVisible();
  const toc = page.getByRole("navigation", { name: "In this post" });
  await toc.getByRole("link", { name: "Staff to the promise" }).click();
  await expect(page).toHaveURL(/#staff-to-the-promise$/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Staff to the promise" }),
  ).toBeInViewport();
  const related = page.getByRole("region", { name: "Related posts" });
  await expect(
    related.getByRole("link", { name: "How to write a CSAT survey people answer" }),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("chapter navigation walks the book forwards and back on the client", async ({
  page,
  pageErrors,
}) => {
  await page.goto("/books/support-leaders-handbook/");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The support leader's handbook");
  await expect(
    page.getByRole("navigation", { name: "Contents" }).getByRole("listitem"),
  ).toHaveCount(5);
  await markDocument(page);
  await page.getByRole("link", { name: "Start reading: Your first thirty days" }).click();
  await expect(page).toHaveURL("/books/support-leaders-handbook/your-first-thirty-days/");
  await expect(page.getByText("Chapter 1 of 5")).toBeVisible();

  const chapters = page.getByRole("navigation", { name: "Chapters" });
  const next = [
    "Promises you can keep",
    "Staffing without guesswork",
    "Measuring what customers feel",
    "Reporting to the rest of the company",
  ];
  for (const [index, title] of next.entries()) {
    await chapters.getByRole("link", { name: `Next chapter: ${title} →` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(`Chapter ${index + 2} of 5`)).toBeVisible();
  }
  await expect(chapters.getByRole("link", { name: /Next chapter/ })).toHaveCount(0);
  await chapters
    .getByRole("link", { name: /Previous chapter: Measuring what customers feel/ })
    .click();
  await expect(page).toHaveURL("/books/support-leaders-handbook/measuring-what-customers-feel/");
  await expect(
    page.getByRole("link", { name: "4. Measuring what customers feel" }),
  ).toHaveAttribute("aria-current", "page");
  expect(await isSameDocument(page)).toBe(true);
  expect(pageErrors).toEqual([]);
  // Served in full, a chapter names its neighbours in <head> too.
  await page.reload();
  expect(await headLink(page, "prev")).toBe(
    `${ORIGIN}/books/support-leaders-handbook/staffing-without-guesswork/`,
  );
  expect(await headLink(page, "next")).toBe(
    `${ORIGIN}/books/support-leaders-handbook/reporting-to-the-rest-of-the-company/`,
  );
});

/** Opens the search dialog on `path` once it has hydrated, and searches for `words`. */
async function searchFrom(page: Page, path: string, words: string): Promise<Locator> {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search posts, guides and resources" });
  await dialog.getByRole("searchbox", { name: "Search for" }).fill(words);
  await dialog.getByRole("button", { name: "Search" }).click();
  return dialog;
}

test("search loads only when opened and finds a post by a word from its body", async ({
  page,
  site,
  pageErrors,
}) => {
  await page.goto("/blog/");
  await waitForHydration(page);
  expect(site.requests.count(/^\/search\//)).toBe(0);
  await page.getByRole("button", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search posts, guides and resources" });
  await expect(dialog).toBeVisible();
  // "abandonment" appears only in the body of the live chat post.
  await dialog.getByRole("searchbox", { name: "Search for" }).fill("abandonment");
  await dialog.getByRole("button", { name: "Search" }).click();
  const result = dialog
    .getByRole("list", { name: "Search results" })
    .getByRole("link", { name: "When to turn on live chat (and when to turn it off)" });
  await expect(result).toBeVisible();
  expect(site.requests.count(/^\/search\//)).toBeGreaterThan(0);
  // Its excerpt, cut from the post's page data, shows the word where the post uses it.
  const excerpt = dialog
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "When to turn on live chat" }) })
    .getByRole("paragraph");
  await expect(excerpt.locator("mark").first()).toHaveText("abandonment");
  await expect(excerpt).toContainText("The chat metric that best predicts frustration");
  expect(
    site.requests.count(/^\/page-data\/blog\/when-to-turn-on-live-chat\/page-data\.json$/),
  ).toBe(1);
  await result.click();
  await expect(page).toHaveURL("/blog/when-to-turn-on-live-chat/");
  await expect(dialog).toBeHidden();
  expect(pageErrors).toEqual([]);
});

test("a guide found by a word of its questions shows that word in its excerpt", async ({
  page,
}) => {
  // "respectfully" is in a question's strong answers, not in any guide's description.
  const dialog = await searchFrom(page, "/blog/", "respectfully");
  const excerpt = dialog
    .getByRole("listitem")
    .filter({
      has: page.getByRole("link", { name: "How to interview a senior support specialist" }),
    })
    .getByRole("paragraph");
  await expect(excerpt.locator("mark").first()).toHaveText("respectfully");
  await expect(excerpt).toContainText("escalated respectfully");
});

test("search still lists a result whose page data fails to load, without its excerpt", async ({
  page,
  site,
}) => {
  site.faults.set("/page-data/blog/when-to-turn-on-live-chat/page-data.json", { status: 500 });
  const dialog = await searchFrom(page, "/blog/", "abandonment");
  const item = dialog
    .getByRole("list", { name: "Search results" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "When to turn on live chat" }) });
  await expect(item).toBeVisible();
  await expect(item.getByRole("paragraph")).toHaveCount(0);
  await expect(dialog.getByText("Search could not load")).toHaveCount(0);
  // The failure was the page data's, asked for once.
  expect(site.requests.count("/page-data/blog/when-to-turn-on-live-chat/page-data.json")).toBe(1);
});

test.describe("redirects", () => {
  test("a moved post answers 301 with its new location, and the browser follows it", async ({
    page,
    request,
  }) => {
    const response = await request.get("/blog/measuring-support/", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/blog/measuring-what-matters/");
    await page.goto("/blog/measuring-support/");
    await expect(page).toHaveURL("/blog/measuring-what-matters/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Measuring what matters in customer service",
    );
  });

  test("a temporary redirect answers 302 and a removed page 410 with the not-found page", async ({
    page,
    request,
  }) => {
    const moved = await request.get("/support-handbook/", { maxRedirects: 0 });
    expect(moved.status()).toBe(302);
    expect(moved.headers().location).toBe("/books/support-leaders-handbook/");
    const gone = await page.goto("/blog/chat-widget-launch/");
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test.describe("integrations directory without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each category filter is its own URL listing only that category", async ({ page }) => {
    await page.goto("/integrations/directory/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Integrations directory");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(12);
    const filters = page.getByRole("navigation", { name: "Filter integrations by category" });
    await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await filters.getByRole("link", { name: "Engineering" }).click();
    await expect(page).toHaveURL("/integrations/directory/engineering/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Engineering integrations");
    const titles = await page
      .getByRole("main")
      .getByRole("article")
      .getByRole("heading")
      .allTextContents();
    expect(titles).toEqual(["GitHub", "Jira"]);
    await expect(filters.getByRole("link", { name: "Engineering" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.getByRole("link", { name: "Jira", exact: true }).click();
    await expect(page).toHaveURL("/integrations/jira/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jira integration");
    await expect(page.getByRole("link", { name: "GitHub" })).toBeVisible();
  });
});

for (const [viewportName, viewport] of [
  ["375 px", { width: 375, height: 740 }],
  ["1280 px", { width: 1280, height: 800 }],
] as const) {
  test(`search dialog with results has no axe violations at ${viewportName}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/blog/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Search" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("searchbox").fill("staffing");
    await dialog.getByRole("button", { name: "Search" }).click();
    await expect(dialog.getByRole("list", { name: "Search results" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("search finds resources and integrations by words from their pages", async ({ page }) => {
  await page.goto("/resources/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search posts, guides and resources" });
  const results = dialog.getByRole("list", { name: "Search results" });
  // "calibration" is in the QA scorecard's body, "opportunity" in the Salesforce integration's.
  await dialog.getByRole("searchbox", { name: "Search for" }).fill("calibration");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(results.getByRole("link", { name: "Support QA scorecard template" })).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Search for" }).fill("opportunity");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(results.getByRole("link", { name: "Salesforce integration" })).toBeVisible();
});

test("search answers the latest query, starts in its field and announces a count", async ({
  page,
  site,
}) => {
  await page.goto("/resources/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search posts, guides and resources" });
  const field = dialog.getByRole("searchbox", { name: "Search for" });
  await expect(field).toBeFocused();
  // The first query's term shard is held until the second query has been answered.
  expect(shardOf("calibration")).not.toBe(shardOf("opportunity"));
  const firstShard = new RegExp(`^/search/t/${shardOf("calibration")}\\.`);
  const gate = createGate();
  site.faults.set(firstShard, { holdUntil: gate.opened, times: 1 });
  await field.fill("calibration");
  await field.press("Enter");
  await field.fill("opportunity");
  await field.press("Enter");
  const results = dialog.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("link", { name: "Salesforce integration" })).toBeVisible();
  const held = page.waitForResponse((response) =>
    firstShard.test(new URL(response.url()).pathname),
  );
  gate.open();
  await held;
  // Let the page take the late answer in: it must leave the latest query's results alone.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  await expect(results.getByRole("link", { name: "Salesforce integration" })).toBeVisible();
  await expect(results.getByRole("link", { name: "Support QA scorecard template" })).toHaveCount(0);
  // The live region says how many results answer what was searched; typing more changes nothing.
  const status = dialog.locator("[aria-live]");
  await expect(status).toHaveText(/^\d+ results? for “opportunity”\.$/);
  await field.fill("opportunity zzz");
  await expect(status).toHaveText(/for “opportunity”\.$/);
});

test.describe("company pages and job posts", () => {
  test("company pages share a navigation, and the openings list every open job by team", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/about/");
    await waitForHydration(page);
    const company = page.getByRole("navigation", { name: "Company" });
    await expect(company.getByRole("link")).toHaveText([
      "About",
      "Careers",
      "Open roles",
      "Press",
      "Contact",
    ]);
    await expect(company.getByRole("link", { name: "About" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await markDocument(page);
    await company.getByRole("link", { name: "Open roles" }).click();
    await expect(page).toHaveURL("/careers/jobs/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open roles");
    for (const team of ["Engineering", "Marketing", "Product", "Support"]) {
      await expect(
        page.getByRole("main").getByRole("heading", { level: 2, name: team, exact: true }),
      ).toBeVisible();
    }
    const job = page.getByRole("link", { name: "Customer Champion (EMEA)" });
    await expect(page.getByText("€42,000–€52,000 a year")).toBeVisible();
    // A filled role is not listed.
    await expect(page.getByText("Support Operations Analyst")).toHaveCount(0);
    await job.click();
    await expect(page).toHaveURL("/careers/jobs/customer-champion-emea/");
    expect(await isSameDocument(page)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test("a job page has the application form for that job and JobPosting structured data", async ({
    page,
  }) => {
    await page.goto("/careers/jobs/senior-product-engineer-inbox/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Senior Product Engineer, Shared Inbox",
    );
    const form = page.locator('form[data-form-id="job-application"]');
    await expect(form.locator('input[name="job_id"]')).toHaveValue("senior-product-engineer-inbox");
    await expect(form.getByRole("button", { name: "Send application" })).toBeVisible();
    // The page also carries the site-wide WebSite, Organization and BreadcrumbList blocks.
    const blocks = await page
      .locator('head script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
    const jobPostings = blocks.filter((block) => block["@type"] === "JobPosting");
    expect(jobPostings).toHaveLength(1);
    expect(jobPostings[0]).toMatchObject({
      "@type": "JobPosting",
      title: "Senior Product Engineer, Shared Inbox",
      hiringOrganization: { name: "Harbor Desk" },
      baseSalary: { currency: "USD", value: { minValue: 150000, maxValue: 185000 } },
    });
  });

  test("a closed job answers 301 to the openings, and the browser lands there", async ({
    page,
    request,
  }) => {
    const response = await request.get("/careers/jobs/support-operations-analyst/", {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/careers/jobs/");
    await page.goto("/careers/jobs/support-operations-analyst/");
    await expect(page).toHaveURL("/careers/jobs/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open roles");
  });
});

test("the blog's newsletter form loads its code only when a visitor comes near it", async ({
  page,
  site,
  pageErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/blog/");
  await waitForHydration(page);
  const form = page.locator('form[data-form-id="newsletter"]');
  // The prerendered form is there and complete, but none of the form code has loaded.
  await expect(form.getByRole("button", { name: "Subscribe" })).toBeAttached();
  expect(site.requests.count(/^\/assets\/lead-form-/)).toBe(0);
  expect(await form.evaluate((element: HTMLFormElement) => element.noValidate)).toBe(false);
  await form.scrollIntoViewIfNeeded();
  await expect
    .poll(() => form.evaluate((element: HTMLFormElement) => element.noValidate))
    .toBe(true);
  expect(site.requests.count(/^\/assets\/lead-form-/)).toBe(1);
  // Live now: an empty submission shows the form's own message instead of a browser bubble.
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.locator('[name="email"]')).toHaveAttribute("aria-invalid", "true");
  expect(pageErrors).toEqual([]);
});

const withLeads = base.extend<{ leads: LeadSite }, { leadSite: LeadSite }>({
  leadSite: leadSiteFixture,
  leads: async ({ leadSite }, use) => use(leadSite),
  baseURL: async ({ leadSite }, use) => use(leadSite.server.url),
});

async function fillDownloadForm(page: Page, email: string): Promise<void> {
  const form = page.locator('form[data-form-id="resource-download"]');
  await form.locator('[name="firstname"]').fill("Ada");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="company"]').fill("Northwind Outfitters");
  await form.locator('[name="support_team_size"]').selectOption("6-20");
}

withLeads.describe("a gated resource", () => {
  withLeads(
    "gives its download link only after the lead API accepted the form",
    async ({ page, leads }) => {
      await page.clock.install();
      await page.goto("/resources/qa-scorecard-template/");
      await waitForHydration(page);
      const download = page.getByRole("link", { name: /Download Support QA scorecard template/ });
      await expect(download).toBeHidden();
      const email = `ada.${Date.now()}@northwind.example`;
      await fillDownloadForm(page, email);
      // Past the API's minimum fill time, so the lead is not held as spam.
      await page.clock.fastForward(4_000);
      await page.getByRole("button", { name: "Get the download" }).click();
      const form = page.locator('form[data-form-id="resource-download"]');
      await expect(form.getByRole("status")).toHaveText(/Your download is ready/);
      await expect(download).toBeVisible();
      await expect
        .poll(async () => (await leads.store.listLeads({ email })).length, { timeout: 5_000 })
        .toBe(1);
      const [lead] = await leads.store.listLeads({ email });
      expect(lead?.formId).toBe("resource-download");
      expect(lead?.values).toMatchObject({
        company: "Northwind Outfitters",
        support_team_size: "6-20",
      });
      const file = await page.request.get((await download.getAttribute("href")) ?? "");
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toContain("text/csv");
      expect(await file.text()).toContain("Resolved the question");
    },
  );

  withLeads.describe("without JavaScript", () => {
    withLeads.use({ javaScriptEnabled: false });

    withLeads(
      "the native post comes back with the download link shown",
      async ({ page, leads }) => {
        await page.goto("/resources/help-center-playbook/");
        const download = page.getByRole("link", { name: /Download The help center playbook/ });
        await expect(download).toBeHidden();
        const email = `grace.${Date.now()}@northwind.example`;
        await fillDownloadForm(page, email);
        await page.getByRole("button", { name: "Get the download" }).click();
        await expect(page).toHaveURL(/\?hd_form=resource-download&hd_status=success/);
        await expect(download).toBeVisible();
        expect(await leads.store.listLeads({ email })).toHaveLength(1);
        const file = await page.request.get((await download.getAttribute("href")) ?? "");
        expect(file.headers()["content-type"]).toBe("application/pdf");
        expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
      },
    );
  });
});
