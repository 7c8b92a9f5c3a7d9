import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { build } from "vite";
import { fnv1a } from "../lib/index.ts";
import { loadContent } from "./content.ts";
import { type PrerenderReport, prerender } from "./prerender.ts";
import { writeSearchIndex } from "./search-index.ts";
import { DEFAULT_COMPRESSION } from "./write-output.ts";

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  workers?: number;
  compress?: boolean;
  /** Write the static search index (Pagefind) after the prerender; on unless false. */
  search?: boolean;
  log?: (line: string) => void;
}

export interface BuildReport extends PrerenderReport {
  seconds: number;
  prerenderSeconds: number;
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

  log("Prerendering…");
  const prerenderStarted = performance.now();
  let report: PrerenderReport;
  try {
    report = await prerender({
      content,
      outDir,
      serverBundle: join(ssrDir, "entry-server.js"),
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
      compression: options.compress === false ? null : DEFAULT_COMPRESSION,
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
  };
}
