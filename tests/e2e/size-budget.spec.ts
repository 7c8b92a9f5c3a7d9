/**
 * First-load JavaScript and island JavaScript of every template, and every template's first
 * response, stay within bench/budgets.json, measured on the build global setup already made
 * (the same figures `npm run bench:size` prints).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  beyondReact,
  type ChunkSize,
  FIRST_LOAD_BEYOND_REACT_BUDGET_KB,
  FIRST_LOAD_JS_BUDGET_KB,
  firstLoadChunks,
  ISLAND_JS_BUDGETS_KB,
  islandChunks,
  kb,
  totalBrotli,
} from "../../bench/first-load.ts";
import {
  FIRST_RESPONSE_BUDGETS_KB,
  firstResponses,
  javaScriptPerTemplate,
} from "../../bench/first-response.ts";
import { SITES } from "./support/sites.ts";

const LARGEST_LISTED = 5;

function largest(chunks: readonly ChunkSize[]): string {
  return chunks
    .slice(0, LARGEST_LISTED)
    .map((chunk) => `    ${chunk.src}: ${kb(chunk.brotli)} brotli, ${kb(chunk.raw)} raw`)
    .join("\n");
}

test(`every template loads at most ${FIRST_LOAD_JS_BUDGET_KB} KB of JavaScript (brotli) before it hydrates, ${FIRST_LOAD_BEYOND_REACT_BUDGET_KB} KB of it beyond React, and its island fits its budget`, () => {
  const templates = javaScriptPerTemplate(SITES.main.out);
  expect(templates.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const { template, path, firstLoad, island } of templates) {
    if (firstLoad.length === 0) problems.push(`${template} (${path}) loads no JavaScript`);
    const total = totalBrotli(firstLoad);
    if (total > FIRST_LOAD_JS_BUDGET_KB * 1024) {
      problems.push(
        `${template} (${path}): ${kb(total)} of first-load JavaScript exceeds ${FIRST_LOAD_JS_BUDGET_KB} KB. Largest chunks:\n${largest(firstLoad)}`,
      );
    }
    const ours = beyondReact(firstLoad);
    if (ours.length === firstLoad.length)
      problems.push(`${template} (${path}) loads no React chunk`);
    const oursBrotli = totalBrotli(ours);
    if (oursBrotli > FIRST_LOAD_BEYOND_REACT_BUDGET_KB * 1024) {
      problems.push(
        `${template} (${path}): ${kb(oursBrotli)} of first-load JavaScript beyond React exceeds ${FIRST_LOAD_BEYOND_REACT_BUDGET_KB} KB. Largest chunks:\n${largest(ours)}`,
      );
    }
    if (island.length === 0) problems.push(`${template} (${path}) names no island module`);
    const islandBudget = ISLAND_JS_BUDGETS_KB[template];
    if (islandBudget === undefined) {
      problems.push(`${template} (${path}) has no islandJsKb budget`);
    } else if (totalBrotli(island) > islandBudget * 1024) {
      problems.push(
        `${template} (${path}): its island's ${kb(totalBrotli(island))} exceeds its ${islandBudget} KB budget. Largest chunks:\n${largest(island)}`,
      );
    }
  }
  expect(problems, "bench/budgets.json firstLoadJsKb, firstLoadBeyondReactKb, islandJsKb").toEqual(
    [],
  );
});

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

test("lead-form code loads with the islands of pages with a form only, never before hydration", () => {
  const outDir = SITES.main.out;
  const isFormCode = (chunk: ChunkSize) => /\/lead-form-[\w-]+\.js$/.test(chunk.src);
  for (const page of ["index.html", "pricing/index.html", "inbox/index.html", "404.html"]) {
    expect(islandChunks(outDir, page).some(isFormCode), page).toBe(false);
  }
  for (const page of ["lp/get-a-demo/index.html", "help-desk-staffing-calculator/index.html"]) {
    expect(firstLoadChunks(outDir, page).some(isFormCode), page).toBe(false);
    expect(islandChunks(outDir, page).some(isFormCode), page).toBe(true);
  }
  // The blog's newsletter form sits below the posts: it is prerendered and its code loads
  // when it comes near the viewport, not with the page's island.
  expect(islandChunks(outDir, "blog/index.html").some(isFormCode), "blog/index.html").toBe(false);
  expect(readFileSync(join(outDir, "blog/index.html"), "utf8")).toContain(
    'data-deferred-form="newsletter"',
  );
});
