/**
 * The content collections in the browser: blog pagination and categories, posts' tables of
 * contents, a book's chapter navigation, static search, redirects, and axe on one page of
 * each collection template at 375 and 1280 px.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
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

test("search loads only when opened and finds a post by a word from its body", async ({
  page,
  site,
  pageErrors,
}) => {
  await page.goto("/blog/");
  await waitForHydration(page);
  expect(site.requests.count(/^\/pagefind\//)).toBe(0);
  await page.getByRole("button", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search the blog and guides" });
  await expect(dialog).toBeVisible();
  // "abandonment" appears only in the body of the live chat post.
  await dialog.getByRole("searchbox", { name: "Search for" }).fill("abandonment");
  await dialog.getByRole("button", { name: "Search" }).click();
  const result = dialog
    .getByRole("list", { name: "Search results" })
    .getByRole("link", { name: "When to turn on live chat (and when to turn it off)" });
  await expect(result).toBeVisible();
  expect(site.requests.count(/^\/pagefind\//)).toBeGreaterThan(0);
  await result.click();
  await expect(page).toHaveURL("/blog/when-to-turn-on-live-chat/");
  await expect(dialog).toBeHidden();
  expect(pageErrors).toEqual([]);
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

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
  );
}

const TEMPLATE_PAGES = [
  ["blog home", "/blog/"],
  ["blog post", "/blog/first-response-time-is-a-promise/"],
  ["blog category", "/blog/category/metrics-and-reporting/"],
  ["author", "/blog/authors/daniel-achebe/"],
  ["book", "/books/support-leaders-handbook/"],
  ["book chapter", "/books/support-leaders-handbook/staffing-without-guesswork/"],
  ["integrations directory", "/integrations/directory/e-commerce/"],
  ["integration", "/integrations/shopify/"],
] as const;

for (const [viewportName, viewport] of [
  ["375 px", { width: 375, height: 740 }],
  ["1280 px", { width: 1280, height: 800 }],
] as const) {
  test.describe(`axe at ${viewportName}`, () => {
    test.use({ viewport });
    for (const [name, path] of TEMPLATE_PAGES) {
      test(`${name} (${path})`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        expect(await violations(page)).toEqual([]);
      });
    }
    test("search dialog with results", async ({ page }) => {
      await page.goto("/blog/");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Search" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("searchbox").fill("staffing");
      await dialog.getByRole("button", { name: "Search" }).click();
      await expect(dialog.getByRole("list", { name: "Search results" })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
