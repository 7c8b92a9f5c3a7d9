import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { build } from "vite";
import { createImagePipeline, IMAGE_SOURCE_DIR, type ImageReport } from "../images/node.ts";
import { fnv1a } from "../lib/index.ts";
import { loadContent } from "./content.ts";
import { resolveRouteImages } from "./images.ts";
import { assertInternalLinks } from "./link-check.ts";
import { type PrerenderReport, prerender } from "./prerender.ts";
import { buildRoutes } from "./routes.ts";
import { writeSearchIndex } from "./search-index.ts";

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  workers?: number;
  /** Write `.br`/`.gz` copies of the shared assets (default true); pages are left to the server. */
  compress?: boolean;
  /** Write the static search index (Pagefind) after the prerender; on unless false. */
  search?: boolean;
  log?: (line: string) => void;
  /** The image service's domain; default: env IMAGE_DOMAIN; unset → local variants with sharp. */
  imageDomain?: string;
  /** Where processed images are cached between builds (default .cache/images/). */
  imageCacheDir?: string;
  /** Render an Open Graph card per indexable page (default true). */
  ogImages?: boolean;
  /** Fail on internal links to missing pages (default true). */
  checkLinks?: boolean;
}

export interface BuildReport extends PrerenderReport {
  seconds: number;
  prerenderSeconds: number;
  images: ImageReport & { seconds: number };
}

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

/** The whole build: Vite's client and server bundles, then the prerender. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  // React's server renderer picks its build from NODE_ENV when first loaded; the development
  // build is several times slower and the prerender must match what production hydrates.
  process.env.NODE_ENV = "production";
  const log = options.log ?? (() => {});
  const outDir = resolve(options.outDir);
  // Each output folder gets its own server bundle so parallel builds (tests, benchmarks) never
  // collide. It sits inside the project so its imports resolve from node_modules, and is
  // removed once the prerender is done.
  const ssrDir = join(PROJECT_ROOT, ".build", `ssr-${fnv1a(outDir)}`);
  await mkdir(ssrDir, { recursive: true });
  const quiet = { logLevel: "warn" as const, configFile: join(PROJECT_ROOT, "vite.config.ts") };

  // Content first: a broken content file should fail in a second, before any bundling.
  const content = await loadContent(options.contentDir);
  // Derived once: the link check and the prerender use the same table.
  const routes = buildRoutes(content);
  // …and so should a link to a page that does not exist.
  if (options.checkLinks !== false) {
    assertInternalLinks(content, routes, join(PROJECT_ROOT, "static"));
  }

  log("Building the client bundle…");
  await build({ ...quiet, root: PROJECT_ROOT, build: { outDir, emptyOutDir: true } });

  const attributionConfig = join(PROJECT_ROOT, "vite.attribution.config.ts");
  if (existsSync(attributionConfig)) {
    log("Building the standalone attribution script…");
    const previous = process.env.HD_OUT_DIR;
    process.env.HD_OUT_DIR = outDir;
    try {
      await build({ logLevel: "warn", configFile: attributionConfig, root: PROJECT_ROOT });
    } finally {
      if (previous === undefined) delete process.env.HD_OUT_DIR;
      else process.env.HD_OUT_DIR = previous;
    }
  }

  log("Building the server bundle…");
  await build({
    ...quiet,
    root: PROJECT_ROOT,
    build: {
      ssr: "src/site/entry-server.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: {
        input: "src/site/entry-server.tsx",
        output: { entryFileNames: "entry-server.js" },
      },
    },
  });

  // After the client build, which empties the output folder.
  const imageDomain = options.imageDomain ?? (process.env.IMAGE_DOMAIN || undefined);
  const images = createImagePipeline({
    imagesDir: join(options.contentDir, IMAGE_SOURCE_DIR),
    outDir,
    cacheDir: options.imageCacheDir ?? join(PROJECT_ROOT, ".cache", "images"),
    ...(imageDomain ? { domain: imageDomain } : {}),
  });
  let imageSeconds = 0;

  log("Prerendering…");
  const prerenderStarted = performance.now();
  let report: PrerenderReport;
  try {
    report = await prerender({
      content,
      routes,
      outDir,
      resolveImages: async (routes) => {
        log("Resolving images…");
        const imagesStarted = performance.now();
        await resolveRouteImages(routes, images, {
          siteName: content.settings.productName,
          siteUrl: content.settings.siteUrl,
          ogImages: options.ogImages ?? true,
        });
        imageSeconds = (performance.now() - imagesStarted) / 1000;
      },
      serverBundle: join(ssrDir, "entry-server.js"),
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
      precompressAssets: options.compress !== false,
    });
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
  if (options.search !== false) {
    log("Indexing pages for search…");
    await writeSearchIndex(outDir);
  }
  const finished = performance.now();
  return {
    ...report,
    seconds: (finished - started) / 1000,
    prerenderSeconds: (finished - prerenderStarted) / 1000,
    images: { ...images.report, seconds: imageSeconds },
  };
}
