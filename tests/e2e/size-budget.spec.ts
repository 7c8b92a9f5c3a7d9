/**
 * First-load JavaScript per page type and the first response of every template stay within
 * bench/budgets.json, measured on the build global setup already made (the same figures
 * `npm run bench:size` prints).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { FIRST_LOAD_JS_BUDGETS_KB, firstLoadChunks, kb } from "../../bench/first-load.ts";
import { FIRST_RESPONSE_BUDGETS_KB, firstResponses } from "../../bench/first-response.ts";
import { SITES } from "./support/sites.ts";

const LARGEST_LISTED = 5;

for (const [page, budgetKb] of Object.entries(FIRST_LOAD_JS_BUDGETS_KB)) {
  test(`/${page} loads at most ${budgetKb} KB of JavaScript (brotli) on a first visit`, () => {
    const outDir = SITES.main.out;
    expect(existsSync(join(outDir, page)), `${page} is missing from ${outDir}`).toBe(true);
    const chunks = firstLoadChunks(outDir, page);
    expect(chunks.length).toBeGreaterThan(0);
    const total = chunks.reduce((sum, chunk) => sum + chunk.brotli, 0);
    const largest = chunks
      .slice(0, LARGEST_LISTED)
      .map((chunk) => `  ${chunk.src}: ${kb(chunk.brotli)} brotli, ${kb(chunk.raw)} raw`)
      .join("\n");
    expect(
      total,
      `/${page}: ${kb(total)} of first-load JavaScript exceeds its ${budgetKb} KB budget (bench/budgets.json). Largest chunks:\n${largest}`,
    ).toBeLessThanOrEqual(budgetKb * 1024);
  });
}

test("every template's first response fits its budget (HTML, brotli as served)", () => {
  const measured = firstResponses(SITES.main.out);
  expect(measured.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const response of measured) {
    const budgetKb = FIRST_RESPONSE_BUDGETS_KB[response.template];
    if (budgetKb === undefined) {
      problems.push(`${response.template} (${response.path}) has no firstResponseKb budget`);
      continue;
    }
    if (response.brotli <= budgetKb * 1024) continue;
    const parts = response.parts
      .slice(0, LARGEST_LISTED)
      .map((part) => `    ${part.name}: ${kb(part.brotli)} brotli, ${kb(part.raw)} raw`)
      .join("\n");
    problems.push(
      `${response.template} (${response.path}): ${kb(response.brotli)} exceeds its ${budgetKb} KB budget. Heaviest parts:\n${parts}`,
    );
  }
  expect(problems, "bench/budgets.json firstResponseKb").toEqual([]);
});

test("lead-form code is in the first load of pages with a form only", () => {
  const outDir = SITES.main.out;
  const loadsFormCode = (page: string) =>
    firstLoadChunks(outDir, page).some((chunk) => /\/lead-form-[\w-]+\.js$/.test(chunk.src));
  for (const page of ["index.html", "pricing/index.html", "inbox/index.html", "404.html"]) {
    expect(loadsFormCode(page), page).toBe(false);
  }
  for (const page of ["lp/get-a-demo/index.html", "help-desk-staffing-calculator/index.html"]) {
    expect(loadsFormCode(page), page).toBe(true);
  }
  // The blog's newsletter form sits below the posts: it is prerendered and its code loads
  // when it comes near the viewport, not with the page.
  expect(loadsFormCode("blog/index.html"), "blog/index.html").toBe(false);
  expect(readFileSync(join(outDir, "blog/index.html"), "utf8")).toContain(
    'data-deferred-form="newsletter"',
  );
});
