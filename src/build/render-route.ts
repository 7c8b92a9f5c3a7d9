import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type SiteSettings, STATIC_QUERY_HASH } from "../content/index.ts";
import { oneByteJson } from "../lib/node.ts";
import {
  bootstrapSerializer,
  htmlFileFor,
  type MatchPathEntry,
  type PageData,
  pageDataUrl,
  type SliceData,
} from "../protocol/index.ts";
import { type CriticalCss, createCriticalCss, pageShapeOf } from "./critical-css.ts";
import { type DocumentSettings, type PageAssets, renderDocument } from "./document.ts";
import { renderMarkdown } from "./markdown.ts";
import type { Route } from "./routes.ts";
import { type SearchEntry, searchEntryFor } from "./search-index.ts";
import { mainElementOf } from "./search-record.ts";
import { pageDataFor } from "./shared-data.ts";
import { jsonLdSerializer } from "./structured-data.ts";
import { createAssetResolver } from "./vite-manifest.ts";
import { writeMeasuredOutputFile } from "./write-output.ts";

/** What the server bundle (src/site/entry-server.tsx) exports to the prerender. */
export interface ServerBundle {
  renderPageHtml(pageData: PageData, staticQueryResults: Record<string, unknown>): string;
  /**
   * The HTML and, to key its critical CSS by, a smaller string that pages of the same markup
   * shape share (src/shell/node.ts, ShellRender); without it the HTML keys it.
   */
  renderPageWithSkeleton?(
    pageData: PageData,
    staticQueryResults: Record<string, unknown>,
  ): { html: string; skeleton: string };
}

/** The site-wide inputs of every page: the same for the prerender and the dev server. */
export interface PageInputs {
  compilationHash: string;
  staticQueryResults: Record<string, unknown>;
  slices: Record<string, SliceData>;
  /** Ranked best first, as the protocol writes them (see `sortMatchPaths`). */
  matchPaths: MatchPathEntry[];
  document: DocumentSettings;
  /**
   * The <title> of each page other pages sit under (`/blog/` for `/blog/x/`), by path: the
   * breadcrumbs name them, and leave out a path segment that is no page (`sectionTitlesOf`).
   */
  sectionTitles: Record<string, string>;
}

/** Build-wide inputs every route render shares; plain data so a worker can receive it. */
export interface RenderShared extends PageInputs {
  outDir: string;
  manifest: Parameters<typeof createAssetResolver>[0];
  /** Inline each page's critical CSS and link the stylesheet after the first paint. */
  inlineCriticalCss: boolean;
  /** Hand back each rendered page's search entry (search-index.ts). */
  search?: boolean;
}

export interface RouteStats {
  path: string;
  htmlBytes: number;
  pageDataBytes: number;
}

/** A route rendered: its stats, and when asked for, its search entry (null: not searched). */
export interface RenderedRoute extends RouteStats {
  search?: SearchEntry | null;
}

export interface AssembledPage {
  pageData: PageData;
  html: string;
}

/** The site-wide facts JSON-LD needs, from the document settings and the settings query. */
function structuredDataSite(inputs: PageInputs) {
  const settings = inputs.staticQueryResults[STATIC_QUERY_HASH["site-settings"]] as
    | Partial<Pick<SiteSettings, "description" | "social">>
    | undefined;
  return {
    siteName: inputs.document.siteName,
    siteUrl: inputs.document.siteUrl,
    ...(settings?.description ? { description: settings.description } : {}),
    sameAs: Object.values(settings?.social ?? {}).filter((url) => /^https?:/.test(url)),
    sectionTitles: inputs.sectionTitles,
  };
}

/** A route's page data (Markdown rendered) from the site-wide inputs. */
export function routePageData(
  route: Route,
  inputs: PageInputs,
  markdown: typeof renderMarkdown = renderMarkdown,
): PageData {
  return pageDataFor(route, {
    compilationHash: inputs.compilationHash,
    renderMarkdown: markdown,
  });
}

/**
 * One page, assembled: its page data and the HTML document that prerenders it and inlines
 * everything its first view needs. The prerender writes these; the dev server sends them.
 */
export function assemblePage(
  route: Route,
  inputs: PageInputs,
  assets: PageAssets,
  bundle: ServerBundle,
  /** The CSS of the page's markup, to inline (see `criticalCssOf`); without it the stylesheets block. */
  criticalCss?: (stylesheets: readonly string[], appHtml: string, skeleton?: string) => string,
  /** Renders the route's Markdown (default renderMarkdown; a worker's memo, markdown-memo.ts). */
  markdown?: typeof renderMarkdown,
): AssembledPage & {
  /** `pageData` serialised, as its page-data file holds it. */
  pageDataJson: string;
  /** The page's `<main>` element, for its search record. */
  main: () => string;
} {
  const pageData = routePageData(route, inputs, markdown);
  // One byte a character, for its file and the page's inline copy (lib/node.ts).
  const pageDataJson = oneByteJson(JSON.stringify(pageData));
  const { html: appHtml, skeleton } = bundle.renderPageWithSkeleton?.(
    pageData,
    inputs.staticQueryResults,
  ) ?? {
    html: bundle.renderPageHtml(pageData, inputs.staticQueryResults),
    skeleton: undefined,
  };
  const html = renderDocument({
    head: route.head,
    settings: inputs.document,
    assets,
    appHtml,
    bootstrapJson: bootstrapJsonOf(inputs)(pageDataJson),
    jsonLd: jsonLdOf(inputs)(route),
    ...(criticalCss ? { inlineCss: criticalCss(assets.css, appHtml, skeleton) } : {}),
  });
  return { pageData, pageDataJson, html, main: () => mainOf(appHtml, skeleton) };
}

/**
 * A page's `<main>` element, read from its skeleton when it has one: a third of the page's
 * markup, the header and footer it leaves as markers being outside <main> (`<template
 * data-shell-region>`, src/shell/node.ts). Scanning the whole page for <main> was a third of
 * reading a post's search record. A <main> with a marker in it is read from the whole markup.
 */
function mainOf(appHtml: string, skeleton: string | undefined): string {
  if (skeleton !== undefined) {
    const main = mainElementOf(skeleton);
    if (main !== "" && !main.includes("data-shell-region")) return main;
  }
  return mainElementOf(appHtml);
}

/**
 * The inline bootstrap JSON of the build's pages. Static query results stay out: shared files
 * the loader fetches once (BootstrapData says why).
 */
const bootstrapJsonOf = oncePerInputs((inputs) => bootstrapSerializer(inputs, oneByteJson));

/** The serialised JSON-LD of the build's routes, its site-wide parts made once. */
const jsonLdOf = oncePerInputs((inputs) => jsonLdSerializer(structuredDataSite(inputs)));

/** `make`, called once for each build's site-wide inputs and its answer kept with them. */
function oncePerInputs<T extends object>(
  make: (inputs: PageInputs) => T,
): (inputs: PageInputs) => T {
  const made = new WeakMap<PageInputs, T>();
  return (inputs) => {
    let value = made.get(inputs);
    if (value === undefined) {
      value = make(inputs);
      made.set(inputs, value);
    }
    return value;
  };
}

/**
 * A page's critical CSS from the built stylesheets in outDir (hrefs as the pages link them),
 * each read and indexed once. `skeleton` (ServerBundle.renderPageWithSkeleton) keys it when
 * given: two pages may share one only when their markup has the same shape.
 */
export function criticalCssOf(outDir: string) {
  const pickers = new Map<string, CriticalCss>();
  const pickerOf = (href: string): CriticalCss => {
    let pick = pickers.get(href);
    if (!pick) {
      pick = createCriticalCss(readFileSync(join(outDir, href), "utf8"));
      pickers.set(href, pick);
    }
    return pick;
  };
  return (stylesheets: readonly string[], appHtml: string, skeleton?: string): string => {
    const picks = stylesheets.map(pickerOf);
    // Read once for all the page's stylesheets, from the skeleton when there is one, and its
    // characters only when a stylesheet has font faces to choose by them.
    const shape = pageShapeOf(
      appHtml,
      skeleton,
      picks.some((pick) => pick.readsCharacters),
    );
    return picks.map((pick) => pick(shape)).join("");
  };
}

export function createRouteRenderer(
  shared: RenderShared,
  bundle: ServerBundle,
  /** Renders the routes' Markdown (default renderMarkdown). */
  markdown?: typeof renderMarkdown,
) {
  const assetsFor = createAssetResolver(shared.manifest);
  const criticalCss = shared.inlineCriticalCss ? criticalCssOf(shared.outDir) : undefined;

  return (route: Route): RenderedRoute => {
    const { pageDataJson, html, main } = assemblePage(
      route,
      shared,
      assetsFor(route.componentChunkName),
      bundle,
      criticalCss,
      markdown,
    );
    const pageDataBytes = writeMeasuredOutputFile(
      join(shared.outDir, pageDataUrl(route.path)),
      pageDataJson,
    );
    const htmlBytes = writeMeasuredOutputFile(join(shared.outDir, htmlFileFor(route.path)), html);
    return {
      path: route.path,
      htmlBytes,
      pageDataBytes,
      ...(shared.search
        ? {
            search: searchEntryFor({ main: main(), documentTitle: route.head.title }),
          }
        : {}),
    };
  };
}
