/**
 * The first response of each template: a page's HTML, brotli-compressed as the server sends it
 * (pages are compressed on demand at the highest quality, server/compress.ts), with the parts
 * of it that weigh most. Shared by `npm run bench:size` and the size-budget test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { htmlFileFor, type PageData } from "../src/protocol/index.ts";
import budgets from "./budgets.json" with { type: "json" };
import { brotliBytes, type ChunkSize, firstLoadChunks, islandChunks } from "./first-load.ts";

/** Template (component chunk name) → budget in KB, from bench/budgets.json. */
export const FIRST_RESPONSE_BUDGETS_KB: Readonly<Record<string, number>> = budgets.firstResponseKb;

export interface ResponsePart {
  name: string;
  raw: number;
  /** The part compressed on its own: an upper bound of what it adds to the whole. */
  brotli: number;
}

export interface FirstResponse {
  template: string;
  /** The page measured: the first path of its template, in path order. */
  path: string;
  raw: number;
  brotli: number;
  /** Heaviest first. Parts can nest (inline icons sit inside the header and main). */
  parts: ResponsePart[];
}

function pageDataFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pageDataFiles(path);
    return entry.name === "page-data.json" ? [path] : [];
  });
}

/** One page per template: the first path in path order, so the choice is stable. */
export function pagePerTemplate(outDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const all = pageDataFiles(join(outDir, "page-data")).map(
    (file) => JSON.parse(readFileSync(file, "utf8")) as PageData,
  );
  all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const page of all) {
    if (!pages.has(page.componentChunkName)) pages.set(page.componentChunkName, page.path);
  }
  return pages;
}

const PARTS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["inline page data", /<script type="application\/json" id="__hd_data">[\s\S]*?<\/script>/g],
  ["structured data (JSON-LD)", /<script type="application\/ld\+json">[\s\S]*?<\/script>/g],
  ["inline CSS", /<style>[\s\S]*?<\/style>/g],
  ["<head> elements", /<head>[\s\S]*?<\/head>/g],
  ["site header", /<header[\s>][\s\S]*?<\/header>/],
  ["<main>", /<main[\s>][\s\S]*<\/main>/g],
  ["site footer", /<footer[\s>][\s\S]*<\/footer>/g],
  ["inline SVG icons", /<svg[\s>][\s\S]*?<\/svg>/g],
];

export function measureFirstResponse(
  outDir: string,
  template: string,
  path: string,
): FirstResponse {
  const html = readFileSync(join(outDir, htmlFileFor(path)), "utf8");
  const parts = PARTS.flatMap(([name, pattern]) => {
    const text = (html.match(pattern) ?? []).join("");
    return text ? [{ name, raw: Buffer.byteLength(text), brotli: brotliBytes(text) }] : [];
  }).sort((a, b) => b.brotli - a.brotli);
  return { template, path, raw: Buffer.byteLength(html), brotli: brotliBytes(html), parts };
}

export function firstResponses(outDir: string): FirstResponse[] {
  return [...pagePerTemplate(outDir)].map(([template, path]) =>
    measureFirstResponse(outDir, template, path),
  );
}

/** A template's JavaScript, measured on its first page (`pagePerTemplate`). */
export interface TemplateJavaScript {
  template: string;
  path: string;
  /** What loads before the page hydrates. */
  firstLoad: ChunkSize[];
  /** What its island loads after hydration. */
  island: ChunkSize[];
}

export function javaScriptPerTemplate(outDir: string): TemplateJavaScript[] {
  return [...pagePerTemplate(outDir)].map(([template, path]) => ({
    template,
    path,
    firstLoad: firstLoadChunks(outDir, htmlFileFor(path)),
    island: islandChunks(outDir, htmlFileFor(path)),
  }));
}
