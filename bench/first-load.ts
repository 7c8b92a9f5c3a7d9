/**
 * What a first visit to a page downloads in JavaScript before it hydrates: the entry module
 * and every module it loads after the first paint (listed on its <script>), brotli-compressed
 * as the server sends them. Then what loads once it has hydrated, when the browser is idle or
 * the visitor reaches for the page: the page's own component (its island, named on the
 * <script>) and the modules it imports. Shared by `npm run bench:size` and the size-budget test.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import budgets from "./budgets.json" with { type: "json" };

/** First-load JavaScript budget of every template, in KB, from bench/budgets.json. */
export const FIRST_LOAD_JS_BUDGET_KB: number = budgets.firstLoadJsKb;
/**
 * Budget in KB for what the first load brings beyond React and react-dom (the chunk the build
 * gives them, bench/budgets.json): the site's own code that every page runs before it hydrates.
 */
export const FIRST_LOAD_BEYOND_REACT_BUDGET_KB: number = budgets.firstLoadBeyondReactKb;
/** Template → budget in KB for its island (what loads after hydration), from bench/budgets.json. */
export const ISLAND_JS_BUDGETS_KB: Readonly<Record<string, number>> = budgets.islandJsKb;

export interface ChunkSize {
  src: string;
  raw: number;
  brotli: number;
}

export function firstLoadScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  // The entry loads these after the first paint (src/site/first-load-modules.ts).
  const preloads = [...html.matchAll(/<script type="module"[^>]* data-modules="([^"]+)"/g)]
    .flatMap((m) => (m[1] as string).split(" "))
    .filter(Boolean);
  return [...new Set([...scripts, ...preloads])];
}

/** Brotli-compressed size at the highest quality: what the server sends for a file compressed on demand. */
export function brotliBytes(content: string | Buffer): number {
  return brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** A file's size as served brotli-compressed (its precompressed copy when the build wrote one). */
export function brotliSize(file: string): number {
  const precompressed = `${file}.br`;
  if (existsSync(precompressed)) return readFileSync(precompressed).length;
  return brotliBytes(readFileSync(file));
}

/** Every first-load chunk of a page, largest (brotli) first. */
export function firstLoadChunks(outDir: string, page: string): ChunkSize[] {
  const html = readFileSync(join(outDir, page), "utf8");
  return firstLoadScripts(html)
    .map((src) => {
      const file = join(outDir, src);
      return { src, raw: readFileSync(file).length, brotli: brotliSize(file) };
    })
    .sort((a, b) => b.brotli - a.brotli);
}

/** The page's island module, as its entry <script> names it; null when it names none. */
export function pageModule(html: string): string | null {
  return /<script type="module"[^>]* data-page-module="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** The relative modules a built chunk imports statically (`import … from "./x.js"`). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map(
    (m) => `/assets/${m[1] as string}`,
  );
}

/**
 * What the page's island downloads once the page has hydrated: its module and every module
 * it imports statically, less what the first load already brought. Largest (brotli) first.
 */
export function islandChunks(outDir: string, page: string): ChunkSize[] {
  const html = readFileSync(join(outDir, page), "utf8");
  const island = pageModule(html);
  if (!island) return [];
  const loaded = new Set(firstLoadScripts(html));
  const found = new Set<string>();
  const visit = (src: string) => {
    if (loaded.has(src) || found.has(src)) return;
    found.add(src);
    for (const imported of staticImports(readFileSync(join(outDir, src), "utf8"))) visit(imported);
  };
  visit(island);
  return [...found]
    .map((src) => {
      const file = join(outDir, src);
      return { src, raw: readFileSync(file).length, brotli: brotliSize(file) };
    })
    .sort((a, b) => b.brotli - a.brotli);
}

export const totalBrotli = (chunks: readonly ChunkSize[]) =>
  chunks.reduce((sum, chunk) => sum + chunk.brotli, 0);

/** The chunk React and react-dom are bundled into (vite.config.ts, its "react" group). */
const REACT_CHUNK = /\/assets\/react-[\w-]+\.js$/;

/** The chunks of `chunks` other than React's. */
export const beyondReact = (chunks: readonly ChunkSize[]) =>
  chunks.filter((chunk) => !REACT_CHUNK.test(chunk.src));

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
