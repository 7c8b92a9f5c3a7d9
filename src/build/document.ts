import { oneByteMarkup } from "../lib/node.ts";
import { BOOTSTRAP_SCRIPT_ID, ROOT_ELEMENT_ID } from "../protocol/index.ts";
import {
  DEFERRED_STYLESHEETS_ATTRIBUTE,
  FIRST_LOAD_MODULES_ATTRIBUTE,
  PAGE_MODULE_ATTRIBUTE,
} from "../site/index.ts";
import { priorityImagePreload } from "./image-preload.ts";
import type { RouteHead } from "./routes.ts";
import { jsonInScript } from "./script-json.ts";

/** The hashed files a page needs, from Vite's manifest. */
export interface PageAssets {
  /** The client entry module. */
  entry: string;
  css: string[];
  /**
   * Modules the entry loads after the first paint, listed on its <script> (src/site/
   * first-load-modules.ts): the start module's static imports, and last the start module
   * itself (src/site/start-client.tsx).
   */
  preload: string[];
  /**
   * The page's own component module, an island that loads once the page has hydrated
   * (src/runtime/page-island.tsx), named on the entry <script> so it needs no registry.
   */
  pageModule?: string;
}

export interface DocumentSettings {
  siteName: string;
  twitterHandle?: string;
  siteUrl: string;
  /** The blog's Atom feed, linked from every page so feed readers find it; none without posts. */
  feed?: { title: string; path: string };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * Text for the head's elements and attributes, escaped, and one byte a character like the rest
 * of the page (lib/node.ts): a title's "—" would otherwise make the whole page two-byte.
 */
function headText(text: string): string {
  return oneByteMarkup(escapeHtml(text));
}

function meta(attr: "name" | "property", key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${headText(content)}">`;
}

/** Whether the page's stylesheets are deferred: its markup's CSS is inline instead. */
function defersStylesheets(assets: PageAssets, inlineCss: string | undefined): inlineCss is string {
  return inlineCss !== undefined && assets.css.length > 0;
}

function stylesheetTags(assets: PageAssets, inlineCss: string | undefined): string[] {
  const linked = assets.css.map((href) => `<link rel="stylesheet" href="${href}">`);
  if (!defersStylesheets(assets, inlineCss)) return linked;
  // The entry links them after the first paint (src/site/deferred-stylesheets.ts). Nothing
  // holds the paint any more, so a busy browser could paint a half-parsed page and shift it
  // as the rest arrives: `expect` holds the paint until the data block after the markup is
  // parsed (the page is one round trip of bytes, so this costs no network wait).
  return [
    `<style>${inlineCss}</style>`,
    `<link rel="expect" href="#${BOOTSTRAP_SCRIPT_ID}" blocking="render">`,
    `<noscript>${linked.join("")}</noscript>`,
  ];
}

function entryScript(assets: PageAssets, inlineCss: string | undefined): string {
  const stylesheets = defersStylesheets(assets, inlineCss)
    ? ` ${DEFERRED_STYLESHEETS_ATTRIBUTE}="${escapeHtml(assets.css.join(" "))}"`
    : "";
  const pageModule = assets.pageModule
    ? ` ${PAGE_MODULE_ATTRIBUTE}="${escapeHtml(assets.pageModule)}"`
    : "";
  return `<script type="module" src="${assets.entry}" ${FIRST_LOAD_MODULES_ATTRIBUTE}="${escapeHtml(assets.preload.join(" "))}"${pageModule}${stylesheets}></script>`;
}

/** The full HTML document around a prerendered page. */
export function renderDocument(options: {
  head: RouteHead;
  settings: DocumentSettings;
  assets: PageAssets;
  appHtml: string;
  bootstrapJson: string;
  /** Serialised JSON-LD objects (see structured-data.ts), one data block each. */
  jsonLd?: readonly string[];
  /**
   * The CSS this page's markup uses (critical-css.ts). Given, it is inlined and the stylesheets
   * load after the first paint (src/site/deferred-stylesheets.ts says how).
   */
  inlineCss?: string;
}): string {
  const { head, settings, assets } = options;
  const image = head.image ? new URL(head.image, settings.siteUrl).href : undefined;
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${headText(head.title)}</title>`,
    meta("name", "description", head.description),
    `<link rel="canonical" href="${headText(head.canonical)}">`,
    head.noindex ? meta("name", "robots", "noindex") : "",
    head.prev ? `<link rel="prev" href="${headText(head.prev)}">` : "",
    head.next ? `<link rel="next" href="${headText(head.next)}">` : "",
    settings.feed
      ? `<link rel="alternate" type="application/atom+xml" title="${headText(settings.feed.title)}" href="${headText(settings.feed.path)}">`
      : "",
    ...(head.jsonLd ?? []).map(
      // Structured data is JSON that browsers never execute, so the CSP needs no exception;
      // escaping < keeps a "</script>" inside a string from ending the element.
      (value) => `<script type="application/ld+json">${jsonInScript(value)}</script>`,
    ),
    meta("property", "og:site_name", settings.siteName),
    meta("property", "og:type", head.type),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.canonical),
    image ? meta("property", "og:image", image) : "",
    meta("name", "twitter:card", image ? "summary_large_image" : "summary"),
    settings.twitterHandle ? meta("name", "twitter:site", settings.twitterHandle) : "",
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    image ? meta("name", "twitter:image", image) : "",
    '<meta name="theme-color" content="#4176fa">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
    priorityImagePreload(options.appHtml),
    ...stylesheetTags(assets, options.inlineCss),
    entryScript(assets, options.inlineCss),
    ...(options.jsonLd ?? []).map((json) => `<script type="application/ld+json">${json}</script>`),
  ].filter(Boolean);
  return `<!doctype html><html lang="en"><head>${tags.join("")}</head><body><div id="${ROOT_ELEMENT_ID}">${options.appHtml}</div><script type="application/json" id="${BOOTSTRAP_SCRIPT_ID}">${options.bootstrapJson}</script></body></html>`;
}
