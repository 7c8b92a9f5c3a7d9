/**
 * The interview builder: picking, suggesting, keyboard reordering, shareable sub-paths that
 * reproduce the guide in a fresh browser, links in from the library and the guides, and axe.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { MAX_QUESTIONS } from "../../src/tools/interview/index.ts";
import { DESKTOP, PHONE } from "./shell-support.ts";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { gotoWithIslandHeld, waitForHydration } from "./support/page-state.ts";

const BUILDER = "/interview-builder/";

function guideItems(page: Page): Locator {
  return page.getByRole("list", { name: "Interview questions" }).locator(":scope > li");
}

/** The guide as the visitor sees it: its heading and the questions in order. */
async function readGuide(page: Page): Promise<{ heading: string; questions: string[] }> {
  const heading = (await page.locator("#guide-heading").textContent()) ?? "";
  const questions = await guideItems(page).locator("h3").allTextContents();
  return { heading, questions };
}

async function openBuilder(page: Page, path = BUILDER): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/** Role support team lead, competencies troubleshooting and ownership only, a fresh suggestion. */
async function pickLeadWithTwoCompetencies(page: Page): Promise<void> {
  await page.getByLabel("Role", { exact: true }).selectOption({ label: "Support team lead" });
  const competencies = page.getByRole("group", { name: "Competencies to assess" });
  for (const name of ["Empathy", "Written communication", "Collaboration"]) {
    await competencies.getByLabel(name).uncheck();
  }
  await competencies.getByLabel("Troubleshooting").check();
  await expect(competencies.getByRole("checkbox", { checked: true })).toHaveCount(2);
}

test("pick a role and competencies, reorder by keyboard, and share the guide", async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  await openBuilder(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Interview builder");
  await pickLeadWithTwoCompetencies(page);
  await expect(page.locator("#guide-heading")).toHaveText("Interview guide: Support team lead");
  await expect(page).toHaveURL(
    /\/interview-builder\/support-team-lead\/troubleshooting~ownership\/[a-z0-9~-]+\/$/,
  );

  const items = guideItems(page);
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(4);
  // Suggestions alternate between the ticked competencies.
  await expect(items.nth(0)).toContainText("Troubleshooting");
  await expect(items.nth(1)).toContainText("Ownership");
  const before = await readGuide(page);

  // Keyboard only: focus the first question's Move down, press Enter twice, then Space once
  // on Move up. Focus must stay with the moved question throughout.
  const first = before.questions[0] as string;
  await items
    .nth(0)
    .getByRole("button", { name: /^Move down/ })
    .focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.locator(":focus")).toHaveAccessibleName(`Move down: ${first}`);
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator(":focus")).toHaveAccessibleName(`Move up: ${first}`);
  await page.keyboard.press("Space");
  const expected = [...before.questions];
  expected.splice(0, 2, before.questions[1] as string, first);
  await expect.poll(async () => (await readGuide(page)).questions).toEqual(expected);
  await expect(page.locator("#builder-announcer")).toContainText(
    `Moved “${first}” to position 2 of ${count}.`,
  );

  // Remove the last question and add one from the library.
  const last = expected.at(-1) as string;
  await items
    .last()
    .getByRole("button", { name: `Remove: ${last}` })
    .click();
  const addPanel = page.locator("details[data-competency=ownership]");
  const addButton = addPanel.getByRole("button", { name: /^Add: / }).first();
  const added = ((await addButton.getAttribute("aria-label")) ?? "").replace(/^Add: /, "");
  await addButton.click();
  const finalQuestions = [...expected.slice(0, -1), added];
  await expect.poll(async () => (await readGuide(page)).questions).toEqual(finalQuestions);

  // The URL is the guide: a new browser context renders the same one on first load.
  const shared = page.url();
  expect(new URL(shared).pathname).toMatch(/^\/interview-builder\/support-team-lead\//);
  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  const response = await fresh.goto(shared);
  expect(response?.status()).toBe(200);
  await waitForHydration(fresh);
  await expect(fresh.locator("#guide-heading")).toHaveText("Interview guide: Support team lead");
  await expect.poll(async () => (await readGuide(fresh)).questions).toEqual(finalQuestions);
  await expect(fresh.getByLabel("Role", { exact: true })).toHaveValue("support-team-lead");
  await expect(
    fresh.getByRole("group", { name: "Competencies to assess" }).getByRole("checkbox", {
      checked: true,
    }),
  ).toHaveCount(2);
  // The builder's shell rules hold on the sub-path too.
  await expect(fresh.locator("footer")).toHaveAttribute("data-footer", "small");
  await context.close();
  expect(pageErrors).toEqual([]);
});

test("picks made before the page hydrates are kept, and the address follows them", async ({
  page,
  pageErrors,
}) => {
  const release = await gotoWithIslandHeld(page, BUILDER);
  await pickLeadWithTwoCompetencies(page);
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("support-team-lead");
  await expect(
    page.getByRole("group", { name: "Competencies to assess" }).getByRole("checkbox", {
      checked: true,
    }),
  ).toHaveCount(2);
  await expect(page.locator("#guide-heading")).toHaveText("Interview guide: Support team lead");
  await expect(page).toHaveURL(
    /\/interview-builder\/support-team-lead\/troubleshooting~ownership\/[a-z0-9~-]+\/$/,
  );
  await expect(guideItems(page).nth(0)).toContainText("Troubleshooting");

  // Once the page's own address has been read, a link followed shows its own plan.
  await page
    .getByRole("navigation", { name: "Start from a role" })
    .getByRole("link")
    .first()
    .click();
  await expect(page.locator("#guide-heading")).not.toHaveText("Interview guide: Support team lead");
  expect(pageErrors).toEqual([]);
});

test("a closed competency lists its questions once opened, and they can be added", async ({
  page,
  pageErrors,
}) => {
  await openBuilder(page);
  // Product sense is not among the default competencies: its panel starts closed, and its
  // questions are not in the page (nor in the first response, which stays small).
  const panel = page.locator("details[data-competency=product-sense]");
  await expect(panel).not.toHaveAttribute("open");
  await expect(panel.getByRole("button", { name: /^Add: / })).toHaveCount(0);
  const html = await (await page.request.get(BUILDER)).text();
  const closedQuestion = /data-competency="product-sense"[^>]*>(?:(?!<\/details>)[\s\S])*<li/.test(
    html,
  );
  expect(closedQuestion, "the closed panel's questions are in the HTML").toBe(false);

  await panel.locator("summary").focus();
  await page.keyboard.press("Enter");
  const add = panel.getByRole("button", { name: /^Add: / }).first();
  await expect(add).toBeVisible();
  const question = ((await add.getAttribute("aria-label")) ?? "").replace(/^Add: /, "");
  const before = (await readGuide(page)).questions;
  await add.click();
  await expect.poll(async () => (await readGuide(page)).questions).toEqual([...before, question]);
  // Closing it again is the visitor's choice, kept while they work.
  await panel.locator("summary").click();
  await expect(panel).not.toHaveAttribute("open");
  expect(pageErrors).toEqual([]);
});

test("adding the last question the guide can hold leaves the focus in the page", async ({
  page,
}) => {
  await openBuilder(page, "/interview-builder/support-team-lead/_/_/");
  const competencies = await page
    .locator("details[data-competency]")
    .evaluateAll((panels) => panels.map((panel) => panel.getAttribute("data-competency")));
  // Every competency ticked, so every panel is open; no question chosen yet.
  await openBuilder(page, `/interview-builder/support-team-lead/${competencies.join("~")}/_/`);
  const heading = page.locator("#add-heading");
  for (let added = 0; added < MAX_QUESTIONS; added += 1) {
    // Focus moves to the next Add button of the same list, or to the heading when it has none.
    if (added === 0 || (await heading.evaluate((element) => element === document.activeElement))) {
      await page
        .getByRole("button", { name: /^Add: / })
        .first()
        .focus();
    }
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await readGuide(page)).questions.length).toBe(added + 1);
  }
  // Every Add button is disabled now: the focus went to the section, not to the page's body.
  await expect(page.getByRole("button", { name: /^Add: / }).first()).toBeDisabled();
  await expect(heading).toBeFocused();
});

test("a malformed sub-path falls back to the defaults", async ({ page, pageErrors }) => {
  await openBuilder(page, "/interview-builder/no-such-role/~~/_/x/y/");
  await expect(page.locator("#guide-heading")).toHaveText("Interview guide: Support specialist");
  expect(await guideItems(page).count()).toBe(8);
  expect(pageErrors).toEqual([]);
});

test("copy as text and download as Markdown carry the guide", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openBuilder(page, "/interview-builder/support-manager/");
  // The prerender shows the default guide until the router switches to the real URL.
  await expect(page.locator("#guide-heading")).toHaveText("Interview guide: Support manager");
  const { questions } = await readGuide(page);

  await page.getByRole("button", { name: "Copy as text" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Guide copied as text." })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith("Interview guide: Support manager\n")).toBe(true);
  expect(copied).toContain(`1. ${questions[0]}`);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as Markdown" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("interview-guide-support-manager.md");
  const path = await download.path();
  const markdown = await readFile(path, "utf8");
  expect(markdown.startsWith("# Interview guide: Support manager\n")).toBe(true);
  expect(markdown).toContain(`## 1. ${questions[0]}`);
  expect(markdown).toContain(`## ${questions.length}. ${questions.at(-1)}`);
});

test("the print view shows the guide and hides the controls", async ({ page }) => {
  await openBuilder(page, "/interview-builder/support-operations/");
  await page.emulateMedia({ media: "print" });
  await expect(guideItems(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Who are you hiring?" })).toBeHidden();
  await expect(page.getByRole("button", { name: /^Move down/ }).first()).toBeHidden();
  await expect(page.getByText("Notes: ").first()).toBeVisible();
});

test("a library page links into the builder pre-filled", async ({ page }) => {
  await openBuilder(page, "/interview-builder/library/empathy/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Empathy interview questions");
  const article = page.locator("article").filter({ has: page.locator("#saying-no-kindly-text") });
  const text = (await article.locator("h2").textContent()) ?? "";
  await article.getByRole("link", { name: /^Start an interview with this question/ }).click();
  await expect(page).toHaveURL(
    /\/interview-builder\/support-specialist\/empathy\/saying-no-kindly\/$/,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Interview builder");
  expect((await readGuide(page)).questions).toEqual([text]);

  // The index lists every competency and links to its page on the client.
  await openBuilder(page, "/interview-builder/library/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Customer support interview questions",
  );
  await page.getByRole("link", { name: "Troubleshooting", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Troubleshooting interview questions",
  );
});

test("an interview guide links into the builder with the same questions", async ({ page }) => {
  await openBuilder(page, "/interview-guides/support-team-lead/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "How to interview a support team lead",
  );
  const guideQuestions = await page
    .getByRole("region", { name: "The questions" })
    .locator("h3")
    .allTextContents();
  expect(guideQuestions).toHaveLength(8);
  await page.getByRole("link", { name: "Customise this guide in the builder" }).click();
  await expect(page.locator("#guide-heading")).toHaveText("Interview guide: Support team lead");
  await expect.poll(async () => (await readGuide(page)).questions).toEqual(guideQuestions);

  // A fresh load of that link gives the same guide (the prerender of the match-path page shows
  // the default guide until the router switches to the real URL, just after it hydrates).
  await openBuilder(page, new URL(page.url()).pathname);
  await expect.poll(async () => (await readGuide(page)).questions).toEqual(guideQuestions);
});

test("a job description links to its guide and the builder", async ({ page }) => {
  await openBuilder(page, "/job-descriptions/support-operations/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support operations specialist");
  await page.getByRole("link", { name: "Build the interview for this role" }).click();
  await expect(page.locator("#guide-heading")).toHaveText(
    "Interview guide: Support operations specialist",
  );
});

for (const [label, viewport] of [
  ["375 px", PHONE],
  ["1280 px", DESKTOP],
] as const) {
  test.describe(`axe on the builder at ${label}`, () => {
    test.use({ viewport });
    // axe walks every node of a long page; on a shared two-core machine that takes a while.
    test.slow();

    test("default state", async ({ page }) => {
      await openBuilder(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("in use: picked, reordered, a question removed", async ({ page }) => {
      await openBuilder(page);
      await pickLeadWithTwoCompetencies(page);
      await guideItems(page)
        .nth(1)
        .getByRole("button", { name: /^Move up/ })
        .click();
      await guideItems(page)
        .nth(2)
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expect(page.locator("#builder-announcer")).toContainText("Removed");
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
