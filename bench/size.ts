/**
 * `npm run bench:size`: the JavaScript a first visit to each page type downloads, brotli-
 * compressed as the server sends it (entry module, its preloads, the page's component chunk).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

export const FIRST_LOAD_JS_BUDGET_BYTES = 70 * 1024;

export function firstLoadScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return [...new Set([...scripts, ...preloads])];
}

function brotliSize(file: string): number {
  const precompressed = `${file}.br`;
  if (existsSync(precompressed)) return readFileSync(precompressed).length;
  return brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

export function firstLoadJsBytes(outDir: string, page: string): { raw: number; brotli: number } {
  const html = readFileSync(join(outDir, page), "utf8");
  let raw = 0;
  let brotli = 0;
  for (const src of firstLoadScripts(html)) {
    const file = join(outDir, src);
    raw += readFileSync(file).length;
    brotli += brotliSize(file);
  }
  return { raw, brotli };
}

if (import.meta.main) {
  const outDir = resolve(process.argv[2] ?? process.env.HD_OUT_DIR ?? "public");
  if (!existsSync(join(outDir, "index.html"))) {
    console.error(`No build in ${outDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const pages = ["index.html", "blog/index.html", "pricing/index.html", "404.html"];
  console.log("first-load JavaScript (brotli, as served):");
  for (const page of pages) {
    if (!existsSync(join(outDir, page))) continue;
    const { raw, brotli } = firstLoadJsBytes(outDir, page);
    const budget = page === "index.html" ? ` (budget ${FIRST_LOAD_JS_BUDGET_BYTES / 1024} KB)` : "";
    console.log(
      `  /${page.padEnd(18)} ${(brotli / 1024).toFixed(1)} KB brotli, ${(raw / 1024).toFixed(1)} KB raw${budget}`,
    );
  }
  // Lead forms load only on pages that place one, as their own chunk.
  const formChunk = readdirSync(join(outDir, "assets")).find((f) => /^lead-form-.*\.js$/.test(f));
  if (formChunk) {
    const file = join(outDir, "assets", formChunk);
    console.log(
      `  lead-form chunk     ${(brotliSize(file) / 1024).toFixed(1)} KB brotli (form pages only)`,
    );
  }
}
