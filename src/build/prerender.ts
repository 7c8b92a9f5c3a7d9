import { createHash } from "node:crypto";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LOCAL_IMAGE_PREFIX, OG_IMAGE_PREFIX } from "../images/index.ts";
import {
  APP_DATA_URL,
  type AppData,
  MATCH_PATHS_URL,
  type StaticQueryResult,
  sliceDataUrl,
  staticQueryUrl,
} from "../protocol/index.ts";
import { type BuildState, routeKeyer } from "./build-cache.ts";
import { writeCollectionFiles } from "./collection-files.ts";
import type { SiteContent } from "./content.ts";
import type { RouteImages } from "./images.ts";
import { removeOutputFile, routeFiles } from "./output-record.ts";
import { type RenderPool, startRenderPool, takeSearchEntry } from "./render-pool.ts";
import {
  createRouteRenderer,
  type RenderShared,
  type RouteStats,
  type ServerBundle,
} from "./render-route.ts";
import { WORKER_THRESHOLD } from "./render-workers.ts";
import { buildRoutes, type Route } from "./routes.ts";
import type { SearchEntry } from "./search-index.ts";
import { type ServiceWorkerCache, writeServiceWorker } from "./service-worker.ts";
import { pageInputsFor } from "./shared-data.ts";
import { sharedValuesOf } from "./shared-values.ts";
import { writeSiteFiles } from "./site-files.ts";
import { takeViteManifest } from "./vite-manifest.ts";
import { writeOutputFile, writes } from "./write-output.ts";

export interface PrerenderOptions {
  /** Already loaded and validated content. */
  content: SiteContent;
  /** The routes of `content` when the caller already derived them (default: derived here). */
  routes?: Route[];
  outDir: string;
  /** The server bundle built by `vite build --ssr src/site/entry-server.tsx`. */
  serverBundle: string;
  /** Worker threads; 0 renders in this thread. Defaults to one per core for large sites. */
  workers?: number;
  /**
   * Render workers the caller started early (render-pool.ts), used instead of `workers`. The
   * prerender closes them once its pages are rendered (closing is idempotent: the caller closes
   * them too, for a build that fails before then).
   */
  pool?: RenderPool;
  /** Write `.br`/`.gz` copies of the shared assets (default true); pages are left to the server. */
  precompressAssets?: boolean;
  /** Inline each page's critical CSS, the stylesheet linked after the first paint (default false). */
  inlineCriticalCss?: boolean;
  /**
   * Starts resolving content images in the routes' data (src/build/images.ts): routes it is not
   * `waiting` for render at once, the others once it has `resolved`.
   */
  resolveImages?: (routes: Route[]) => RouteImages;
  /** Vite's client manifest, when the caller has it (default: taken from outDir). */
  manifest?: Awaited<ReturnType<typeof takeViteManifest>>;
  /**
   * Keys the routes for the build cache (build-cache.ts). `salt` is what every page depends on
   * beyond its route and the site-wide inputs (the code, the image sources). With `previous`,
   * the build before this one into the same folder with the same code, only routes whose key
   * changed are rendered, files nobody writes any more are deleted and files whose bytes did
   * not change are left alone; `missing` are the routes of `previous` whose files are gone
   * from the output since (rebuild-helper.ts), which are rendered again.
   */
  cache?: { salt: string; previous: BuildState | null; missing: ReadonlySet<string> };
  /**
   * Most files the build writes are there already: the output of the last full build with
   * this code, kept in place (output-record.ts). They are written over (write-output.ts).
   */
  overwrite?: boolean;
  /** Where compressed copies of the shared assets are kept between builds (compressed-cache.ts). */
  compressCacheDir?: string;
  /** Where generated service workers are kept between builds (service-worker.ts). */
  serviceWorkerCache?: ServiceWorkerCache;
  /**
   * Receives each rendered page's search entry (search-index.ts; null: the page is not
   * searched) as soon as it is rendered; without it no entry is made.
   */
  onSearchEntry?: (path: string, entry: SearchEntry | null) => void;
}

export interface PrerenderReport {
  routes: number;
  stats: RouteStats[];
  compilationHash: string;
  /** Routes rendered: all of them, unless an earlier build's output was reused. */
  rendered: number;
  /**
   * Files written (pages, page data, shared data and site files; not images, assets or the
   * search index's files).
   */
  filesWritten: number;
  /** Files of routes that no longer exist, deleted. */
  filesDeleted: number;
  /**
   * Pages whose Markdown a worker had rendered while the content loaded and the routes were
   * derived (RenderPool.prepareMarkdown), of all pages with Markdown the pool rendered; and
   * how many bodies were rendered ahead in all (those no page took were rendered for nothing).
   */
  markdownAhead: { taken: number; of: number; rendered: number };
  /** What the next build needs to reuse this one's output (with `cache`). */
  state?: Omit<BuildState, "code">;
}

/** Folders the image pipeline writes into: each file there belongs to the pages that link it. */
const IMAGE_DIRS = [LOCAL_IMAGE_PREFIX, OG_IMAGE_PREFIX];
const IMAGE_FILE = new RegExp(
  `(?:${IMAGE_DIRS.map((dir) => dir.replace(/[/]/g, "\\/")).join("|")})[^\\s"',?#)]+`,
  "g",
);

/** The image files (site paths) a route with resolved images links to: variants, its card. */
function imageFilesOf(route: Route): string[] {
  return [...new Set(JSON.stringify([route.data, route.head]).match(IMAGE_FILE) ?? [])];
}

/** Writes every route's HTML and page data plus the shared data files into outDir. */
export async function prerender(options: PrerenderOptions): Promise<PrerenderReport> {
  const { content, cache } = options;
  const previous = cache?.previous ?? null;
  const routes = options.routes ?? buildRoutes(content);
  const manifest = options.manifest ?? (await takeViteManifest(options.outDir));
  // The hash of the client code: a content-only rebuild keeps it, a code change changes it.
  const compilationHash = createHash("sha256")
    .update(JSON.stringify(manifest))
    .digest("hex")
    .slice(0, 20);
  const inputs = pageInputsFor(content, routes, compilationHash);

  // Keys before the images are resolved: a route's images follow from its refs (and the
  // sources, which the salt covers), and resolving them is work a skipped route must not do.
  const keys = new Map<string, string>();
  if (cache) {
    const sharedKey = createHash("sha256")
      .update(cache.salt)
      .update(JSON.stringify(inputs))
      .update(JSON.stringify(manifest))
      .digest("hex");
    const keyOf = routeKeyer(sharedKey, sharedValuesOf(content));
    for (const route of routes) keys.set(route.path, keyOf(route));
  }
  const reusable = (route: Route) =>
    previous?.routes[route.path] === keys.get(route.path) && !cache?.missing.has(route.path);
  const toRender = previous ? routes.filter((route) => !reusable(route)) : routes;

  // An incremental build leaves files whose bytes it would write unchanged alone.
  writes.onlyChanged = previous !== null;
  writes.overwrite = options.overwrite === true;
  writes.count = 0;
  let imageFiles: RouteImages | undefined;
  try {
    imageFiles = options.resolveImages?.(toRender);
    const routeImages = imageFiles;
    // Routes without content images first; those with them once their pictures are resolved.
    const renderFirst = routeImages
      ? toRender.filter((route) => !routeImages.waiting.has(route))
      : toRender;
    const renderLater = routeImages
      ? routeImages.resolved.then(() => toRender.filter((route) => routeImages.waiting.has(route)))
      : Promise.resolve([]);
    // Awaited by the pool; a render in this thread awaits `resolved` itself.
    renderLater.catch(() => {});
    const write = (url: string, value: unknown) =>
      writeOutputFile(join(options.outDir, url), JSON.stringify(value));
    for (const [hash, data] of Object.entries(inputs.staticQueryResults)) {
      write(staticQueryUrl(hash), { data } satisfies StaticQueryResult);
    }
    for (const [name, slice] of Object.entries(inputs.slices)) write(sliceDataUrl(name), slice);
    write(APP_DATA_URL, { compilationHash } satisfies AppData);
    write(MATCH_PATHS_URL, inputs.matchPaths);

    const shared: RenderShared = {
      ...inputs,
      outDir: options.outDir,
      manifest,
      inlineCriticalCss: options.inlineCriticalCss === true,
      search: options.onSearchEntry !== undefined,
    };
    const workerCount =
      options.pool?.size ??
      options.workers ??
      (toRender.length >= WORKER_THRESHOLD ? availableParallelism() : 0);
    let stats: RouteStats[];
    let workerWrites = 0;
    const markdownAhead = { taken: 0, of: 0, rendered: 0 };
    if (workerCount > 0 && toRender.length > 0) {
      const pool = options.pool ?? startRenderPool(options.serverBundle, workerCount);
      try {
        const rendered = await pool.render(renderFirst, shared, {
          mode: { onlyChanged: writes.onlyChanged, overwrite: writes.overwrite },
          onSearchEntry: options.onSearchEntry,
          later: renderLater,
        });
        stats = rendered.stats;
        workerWrites = rendered.written;
        markdownAhead.taken = rendered.markdown.taken;
        markdownAhead.of = rendered.markdown.taken + rendered.markdown.rendered;
        markdownAhead.rendered = rendered.markdown.ahead;
      } finally {
        // Before waiting for the Open Graph cards, which a first build is still rendering long
        // after its last page (50 s of a 10,000-post build): a worker's memory is no use to
        // them, and the build's RSS fell from 700 to 575 MB for that time.
        await pool.close();
      }
    } else if (toRender.length > 0) {
      const bundle = (await import(pathToFileURL(options.serverBundle).href)) as ServerBundle;
      const render = createRouteRenderer(shared, bundle);
      await routeImages?.resolved;
      stats = toRender.map((route) => takeSearchEntry(render(route), options.onSearchEntry));
    } else {
      stats = [];
    }

    // The Open Graph cards' files were written while the pages rendered.
    await imageFiles?.written;

    // Routes of the previous build that are gone: their files go too.
    let filesDeleted = 0;
    if (previous) {
      const current = new Set(routes.map((route) => route.path));
      for (const path of Object.keys(previous.routes)) {
        if (current.has(path)) continue;
        for (const file of routeFiles(path)) removeOutputFile(options.outDir, file);
        filesDeleted += 2;
      }
    }

    // The service worker depends on the code (the precached assets, the build hash) and the
    // site's name only; with the same code and name the previous one stands.
    const siteName = content.settings.productName;
    if (!previous || previous.siteName !== siteName) {
      // Before the site files: their compression pass then covers sw.js too.
      await writeServiceWorker({
        outDir: options.outDir,
        siteName,
        compilationHash,
        ...(options.serviceWorkerCache ? { cache: options.serviceWorkerCache } : {}),
      });
    }
    await writeSiteFiles({
      outDir: options.outDir,
      content,
      routes,
      // Same code, same assets: their compressed copies from the previous build stand, unless
      // the service worker (and its offline page) were written again for a new site name.
      precompressAssets:
        previous && previous.siteName === siteName ? false : (options.precompressAssets ?? true),
      ...(options.compressCacheDir ? { compressCacheDir: options.compressCacheDir } : {}),
    });
    await writeCollectionFiles({ outDir: options.outDir, content });

    // Each page's images: from this build for the routes it rendered, else from the previous.
    const images = new Map<string, string[]>();
    if (cache) {
      const renderedNow = new Set(toRender);
      for (const route of routes) {
        const files = renderedNow.has(route)
          ? imageFilesOf(route)
          : (previous?.images[route.path] ?? []);
        if (files.length > 0) images.set(route.path, files);
      }
    }
    if (previous) {
      filesDeleted += pruneImages(options.outDir, new Set([...images.values()].flat()));
    }

    return {
      routes: routes.length,
      stats,
      compilationHash,
      rendered: toRender.length,
      filesWritten: writes.count + workerWrites,
      filesDeleted,
      markdownAhead,
      ...(cache
        ? {
            state: {
              manifest,
              routes: Object.fromEntries(keys),
              images: Object.fromEntries(images),
              siteName,
            },
          }
        : {}),
    };
  } finally {
    // A failed render still waits for the cards, so nothing writes into the output after.
    await imageFiles?.written.catch(() => {});
    writes.onlyChanged = false;
    writes.overwrite = false;
    writes.foldersComing = false;
  }
}

/**
 * Image files no page links to any more (a deleted post's cover, a retitled post's old card),
 * which a full build into an emptied folder would not have.
 */
function pruneImages(outDir: string, linked: ReadonlySet<string>): number {
  let removed = 0;
  for (const prefix of IMAGE_DIRS) {
    const dir = join(outDir, prefix);
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (linked.has(`${prefix}${name}`)) continue;
      rmSync(join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}
