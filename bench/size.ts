/**
 * `npm run bench:size`: the JavaScript a first visit to each template downloads, brotli-
 * compressed as the server sends it: before the page hydrates (the entry module and the modules
 * it lists), then its island (the page's component chunk and its imports, after hydration).
 * Then each template's first response: its HTML as the server sends it (brotli 11).
 * Budgets live in bench/budgets.json; tests/e2e/size-budget.spec.ts enforces them.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  beyondReact,
  brotliSize,
  FIRST_LOAD_BEYOND_REACT_BUDGET_KB,
  FIRST_LOAD_JS_BUDGET_KB,
  ISLAND_JS_BUDGETS_KB,
  kb,
  totalBrotli,
} from "./first-load.ts";
import {
  FIRST_RESPONSE_BUDGETS_KB,
  firstResponses,
  javaScriptPerTemplate,
} from "./first-response.ts";

if (import.meta.main) {
  const outDir = resolve(process.argv[2] ?? process.env.HD_OUT_DIR ?? "public");
  if (!existsSync(join(outDir, "index.html"))) {
    console.error(`No build in ${outDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log(
    "JavaScript per template (brotli, as served): before it hydrates, then its island (after hydration):",
  );
  for (const { template, path, firstLoad, island } of javaScriptPerTemplate(outDir)) {
    const islandBudget = ISLAND_JS_BUDGETS_KB[template] ?? "none";
    console.log(
      `  ${template.padEnd(38)} ${kb(totalBrotli(firstLoad)).padStart(8)} (budget ${FIRST_LOAD_JS_BUDGET_KB} KB; beyond React ${kb(totalBrotli(beyondReact(firstLoad)))}, budget ${FIRST_LOAD_BEYOND_REACT_BUDGET_KB} KB), island ${kb(totalBrotli(island)).padStart(8)} (budget ${islandBudget} KB) ${path}`,
    );
  }
  console.log("first response per template (HTML, brotli as served):");
  for (const response of firstResponses(outDir)) {
    const budget = FIRST_RESPONSE_BUDGETS_KB[response.template] ?? "none";
    const heaviest = response.parts
      .slice(0, 2)
      .map((part) => `${part.name} ${kb(part.brotli)}`)
      .join(", ");
    console.log(
      `  ${response.template.padEnd(38)} ${kb(response.brotli).padStart(8)} (budget ${budget} KB) ${response.path}; heaviest: ${heaviest}`,
    );
  }
  // Lead forms load only on pages that place one, as their own chunk.
  const formChunk = readdirSync(join(outDir, "assets")).find((f) => /^lead-form-.*\.js$/.test(f));
  if (formChunk) {
    console.log(
      `  lead-form chunk     ${kb(brotliSize(join(outDir, "assets", formChunk)))} brotli (form pages only)`,
    );
  }
}
