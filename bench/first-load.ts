/**
 * What a first visit to a page downloads in JavaScript: the entry module and every module
 * it loads after the first paint (listed on its <script>, the page's component chunk included), brotli-compressed as the
 * server sends them. Shared by `npm run bench:size` and the size-budget test.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import budgets from "./budgets.json" with { type: "json" };

/** Page type (its HTML file in the build) → budget in KB, from bench/budgets.json. */
export const FIRST_LOAD_JS_BUDGETS_KB: Readonly<Record<string, number>> = budgets.firstLoadJsKb;

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

export function firstLoadJsBytes(outDir: string, page: string): { raw: number; brotli: number } {
  let raw = 0;
  let brotli = 0;
  for (const chunk of firstLoadChunks(outDir, page)) {
    raw += chunk.raw;
    brotli += chunk.brotli;
  }
  return { raw, brotli };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
