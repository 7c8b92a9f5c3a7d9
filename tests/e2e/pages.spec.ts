/** Every kind of page loads with the right status, hydrates without errors, and reads well. */
import { expect, test } from "./support/fixtures.ts";
import { isSameDocument, markDocument, waitForHydration } from "./support/page-state.ts";

// Every page of the route table loads, hydrates without errors and has one h1: see
// pages-a11y.spec.ts, which checks that and axe in one visit per page.

for (const [path, heading] of [
  ["/", "Customer service software that feels personal"],
  ["/blog/", "Blog"],
  ["/blog/measuring-what-matters/", "Measuring what matters in customer service"],
  ["/blog/authors/maya-lindqvist/", "Maya Lindqvist"],
  ["/pricing/", "Plans that grow with your team"],
  ["/interview-builder/", "Interview builder"],
  ["/blog/page/2/", "Blog — page 2"],
  ["/blog/category/ai-and-automation/", "AI and automation"],
  ["/books/support-leaders-handbook/", "The support leader's handbook"],
  ["/books/support-leaders-handbook/promises-you-can-keep/", "Promises you can keep"],
  ["/integrations/directory/", "Integrations directory"],
  ["/integrations/slack/", "Slack integration"],
] as const) {
  test(`${path} answers 200 and hydrates without errors`, async ({ page, pageErrors }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    expect(pageErrors).toEqual([]);
  });
}

test("an unknown path answers 404 with the 404 page, which hydrates", async ({
  page,
  pageErrors,
}) => {
  const response = await page.goto("/no-such-page/");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveURL("/no-such-page/");
  // The browser's own 404 for the page itself is the only error allowed.
  expect(pageErrors.filter((error) => !error.includes("404"))).toEqual([]);
});

test("a client-side sub-path of a match-path page is served and rendered", async ({
  page,
  pageErrors,
}) => {
  const response = await page.goto("/interview-builder/support-team-lead/");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 2, name: "Interview guide: Support team lead" }),
  ).toBeVisible();
  await page
    .getByRole("navigation", { name: "Start from a role" })
    .getByRole("link", { name: "Support specialist", exact: true })
    .click();
  await expect(page).toHaveURL(/^[^?#]*\/interview-builder\/support-specialist\/[^/]+\/[^/]+\/$/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Interview guide: Support specialist" }),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("content links navigate on the client", async ({ page, site }) => {
  await page.goto("/blog/five-habits-of-great-support-teams/");
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole("main").getByRole("link", { name: "knowledge base guide" }).click();
  await expect(page).toHaveURL("/knowledge-base/");
  // A page built from sections renders on the client too (its section code loads lazily).
  await expect(page).toHaveTitle(/^Knowledge base/);
  await expect(page.locator('main [data-section="hero"] h1')).toBeVisible();
  expect(await isSameDocument(page)).toBe(true);
  expect(site.requests.count("/knowledge-base/", "GET")).toBe(0);
});
