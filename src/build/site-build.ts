import { existsSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import {
  createImagePipeline,
  IMAGE_SOURCE_DIR,
  type ImageReport,
  type OgWarmUpCard,
  prestartOgChild,
  type WaitingOgChild,
} from "../images/node.ts";
import { fnv1a } from "../lib/index.ts";
import { APP_DATA_URL } from "../protocol/index.ts";
import { SEARCH_DIR } from "../search/index.ts";
import {
  buildCacheDirOf,
  createBuildCache,
  fingerprintOf,
  imagesFingerprint,
} from "./build-cache.ts";
import { createBundleCache } from "./bundle-cache.ts";
import { buildBundlesInChild, type ViteManifest } from "./bundles.ts";
import { codeDigest, PROJECT_ROOT } from "./code-digest.ts";
import { loadContent, type PostEntry } from "./content.ts";
import { processFileMemory } from "./file-memory.ts";
import { postCardWithoutTitle, startRouteImages } from "./images.ts";
import { assertInternalLinks } from "./link-check.ts";
import {
  outputRecordOf,
  outputRecordStore,
  removeOutputFile,
  staleOutputFiles,
} from "./output-record.ts";
import { openPostCache } from "./post-cache.ts";
import { type PrerenderReport, prerender } from "./prerender.ts";
import { startRebuildHelper } from "./rebuild-helper.ts";
import { removeInBackground } from "./remove-in-background.ts";
import { type RenderPool, startRenderPool } from "./render-pool.ts";
import { type RenderWorker, renderThreadsFor } from "./render-workers.ts";
import { buildRoutes } from "./routes.ts";
import { hasEntries, searchIndexHere } from "./search-index.ts";
import type { SpareOgChild } from "./spare-og-child.ts";
import { writes } from "./write-output.ts";

/** Whether Vite minifies the bundles: HD_NO_MINIFY (debugging only, never for deployment) turns it off. */
function minifyBundles(): boolean {
  return !process.env.HD_NO_MINIFY;
}

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /**
   * Render worker threads besides the build's own thread, which renders too (default: one
   * less than the cores on a large site; 0 renders in the build's own thread alone).
   */
  workers?: number;
  /** Write `.br`/`.gz` copies of the shared assets (default true); pages are left to the server. */
  compress?: boolean;
  /** Write the site search's index (search-index.ts); on unless false. */
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
  /**
   * Reuse the previous build into the same outDir when it was built by the same code, config
   * and dependencies (build-cache.ts): no Vite bundles, only the routes whose inputs changed
   * are rendered, the output is the same bytes a full build would write. Otherwise, and on
   * the first run, a full build that keeps what the next one needs.
   */
  incremental?: boolean;
  /**
   * Inline each page's critical CSS and link the stylesheet after the first paint (default
   * true; src/build/critical-css.ts). False links the stylesheet in <head>, render-blocking.
   */
  inlineCriticalCss?: boolean;
  /**
   * Where what depends on the code alone is kept between builds, into any output folder:
   * Vite's bundles (bundle-cache.ts) and the service worker (service-worker.ts), copied
   * instead of running Vite and Workbox again. Default .cache/ in the project; false builds
   * them every time.
   */
  codeCache?: string | false;
  /**
   * This process builds again (a watching build, watch-build.ts): keep the content's texts and
   * the incremental build's files in memory between builds, read again only once changed on
   * disk (file-memory.ts). Default false: a one-off build has no use for them.
   */
  keepInMemory?: boolean;
  /**
   * Where such a process keeps an Open Graph card child warm for its next build
   * (spare-og-child.ts): a rebuild after a post was retitled then finds its card's child ready.
   * Default none: a one-off build starts its own.
   */
  spareOgChild?: SpareOgChild;
}

export interface BuildReport extends PrerenderReport {
  seconds: number;
  prerenderSeconds: number;
  images: ImageReport & { seconds: number };
  /** Whether the previous build's bundles and pages were reused. */
  reused: boolean;
  /** Where Vite's bundles came from: built now, the bundle cache, or the reused build. */
  bundles: "built" | "cached" | "reused";
  /** Files of the search index's term shards, page lists and manifest written. */
  searchFiles: number;
  /**
   * What became of the output folder's previous contents in a full build: nothing was there,
   * it was set aside and deleted, or the pages were overwritten in place and only the files
   * this build no longer writes were deleted (output-record.ts). Null when the build reused
   * the last one's output (an incremental build).
   */
  previousOutput: "none" | "set aside" | "overwritten" | null;
  /**
   * Incremental builds: posts taken from the last build's post cache (of them, those taken by
   * their files' stamps without reading them), and posts parsed and validated (new or edited);
   * null for a full build.
   */
  postCache: { found: number; made: number; unread: number } | null;
  /**
   * Where the time went, in seconds, in the order the phases run: loading and validating the
   * content (Vite's bundles building meanwhile); routes, the link check and waiting for the
   * bundles to finish; rendering (images and Open Graph cards included); the search index.
   */
  phases: { content: number; bundles: number; render: number; search: number };
}

/** Posts' bodies per message to the render workers while the content loads (markdown-memo.ts). */
const BODIES_PER_HANDOVER = 500;

/**
 * What the build's entry (build-site.ts) did before it loaded this module: the render threads
 * it counted for a full build (render-workers.ts) and the workers among them it started.
 */
export interface EarlyStart {
  renderThreads: number;
  workers: RenderWorker[];
}

/** The whole build: Vite's client and server bundles, then the prerender. */
export async function buildSite(
  options: BuildOptions,
  early?: EarlyStart,
  /** The code's digest (code-digest.ts), when the entry has it already. */
  digest: string = codeDigest(PROJECT_ROOT),
): Promise<BuildReport> {
  // Started by the build once it knows it may need one (`prestartOgChild`), stopped here
  // whether the build needed it, failed, or never got that far, unless the next build of this
  // process can use it.
  const ogChild: BuildOgChild = {};
  let built = false;
  try {
    const report = await buildSiteWith(options, early, digest, ogChild);
    built = true;
    return report;
  } finally {
    passOnOgChild(ogChild, options.spareOgChild, built);
  }
}

/**
 * A build's card child, and the card fields it warmed up with (the next one's too), with the key
 * a spare child is kept under for them.
 */
interface BuildOgChild {
  waiting?: WaitingOgChild;
  warmUp?: { card: OgWarmUpCard; key: string };
}

/**
 * After a build: its card child is discarded, or, in a process that builds again, kept for the
 * next build when no card needed it, else replaced by one started now, with the CPU free and
 * the next save to come. A failed build starts none (the next build starts its own).
 */
function passOnOgChild(
  { waiting, warmUp }: BuildOgChild,
  spare: SpareOgChild | undefined,
  built: boolean,
): void {
  if (!spare || !warmUp) {
    waiting?.discard();
    return;
  }
  if (waiting?.waiting) spare.keep(warmUp.key, waiting);
  else if (built) spare.keep(warmUp.key, prestartOgChild(warmUp.card));
}

async function buildSiteWith(
  options: BuildOptions,
  early: EarlyStart | undefined,
  digest: string,
  ogChild: BuildOgChild,
): Promise<BuildReport> {
  const started = performance.now();
  // React's server renderer picks its build from NODE_ENV when first loaded; the development
  // build is several times slower and the prerender must match what production hydrates.
  process.env.NODE_ENV = "production";
  const log = options.log ?? (() => {});
  const outDir = resolve(options.outDir);
  const imageDomain = options.imageDomain ?? (process.env.IMAGE_DOMAIN || undefined);
  const inlineCriticalCss = options.inlineCriticalCss !== false;
  // Everything the output depends on besides content: a change to any of it is a full build.
  const memory = options.keepInMemory ? processFileMemory() : undefined;
  const cache = createBuildCache(buildCacheDirOf(outDir), memory);
  const code = fingerprintOf(digest, {
    outDir,
    imageDomain: imageDomain ?? null,
    compress: options.compress !== false,
    search: options.search !== false,
    ogImages: options.ogImages ?? true,
    inlineCriticalCss,
    // As the bundles' key has it: an unminified build's output is never reused for another.
    minify: minifyBundles(),
  });
  // Each output folder gets its own server bundle so parallel builds (tests, benchmarks) never
  // collide; it sits inside the project so its imports resolve from node_modules. An
  // incremental build keeps it in the cache for the next one; a full build (tests, benchmarks
  // into throwaway folders) removes it once the prerender is done.
  const ssrDir = options.incremental
    ? join(cache.dir, "ssr")
    : join(PROJECT_ROOT, ".build", `ssr-${fnv1a(outDir)}`);
  const serverBundle = join(ssrDir, "entry-server.js");
  const searching = options.search !== false;
  const previous = options.incremental ? cache.read(code) : null;
  const outputKept =
    previous !== null && existsSync(serverBundle) && existsSync(join(outDir, APP_DATA_URL));
  const reusable = outputKept && (!searching || hasEntries(cache.dir)) ? previous : null;
  const reused = reusable !== null;
  // A rebuild's work that needs nothing from the content, on the core this thread leaves idle
  // while it loads the content: which kept pages lost a file, the search index (it reads the
  // last build's entries meanwhile, the largest file it kept).
  const helper = reusable
    ? startRebuildHelper({
        outDir,
        cacheDir: cache.dir,
        previousPaths: Object.keys(reusable.routes),
        searching,
      })
    : null;

  // Vite's bundles depend on the code, not the content: copied from the bundle cache when this
  // code was bundled before, else built by a child process while this one loads the content
  // and derives the routes (4-5 s of a 10,000-post build that used to come first). They go to
  // a folder beside outDir that replaces it once the content has passed, so a broken content
  // file or link still fails the build with the previous output untouched; the child is
  // stopped then.
  const stagingDir = join(dirname(outDir), `.${basename(outDir)}.next`);
  const stopBundles = new AbortController();
  let bundlesFrom: BuildReport["bundles"] = "reused";
  // The code alone, with what Vite's config reads from the environment.
  const bundleKey = fingerprintOf(digest, {
    bundles: 1,
    minify: minifyBundles(),
  });
  const codeCacheDir =
    options.codeCache === false ? null : (options.codeCache ?? join(PROJECT_ROOT, ".cache"));
  const bundleCache = codeCacheDir
    ? createBundleCache(join(codeCacheDir, "bundles"), bundleKey)
    : null;
  const freshBundles = async (): Promise<ViteManifest> => {
    const cached = bundleCache?.restore(stagingDir, ssrDir);
    if (cached) {
      bundlesFrom = "cached";
      return cached;
    }
    bundlesFrom = "built";
    const manifest = await buildBundlesInChild(
      { projectRoot: PROJECT_ROOT, outDir: stagingDir, ssrDir },
      log,
      stopBundles.signal,
    );
    await bundleCache?.save(stagingDir, ssrDir, manifest);
    return manifest;
  };
  const bundles = reusable ? Promise.resolve(reusable.manifest as ViteManifest) : freshBundles();
  // Handled below; until then a failing child must not count as an unhandled rejection.
  bundles.catch(() => {});
  // A full build of a large site renders in a worker per core but one (the entry started them
  // already: `early`) and this thread, which has little left to do once the routes exist; the
  // pool starts once the server bundle is there, so that importing it (most of a second on
  // each core) overlaps loading the content, not the render. A small site renders in this
  // thread alone (workers made a 131-page build 0.3 s slower); a rebuild renders a few pages:
  // prerender() decides for both.
  const renderThreads = reusable ? 0 : (early?.renderThreads ?? (await renderThreadsFor(options)));
  const startedEarly = early?.workers ?? [];
  let poolStarted: RenderPool | null = null;
  const pool =
    renderThreads > 0
      ? bundles.then(() => {
          poolStarted = startRenderPool(serverBundle, renderThreads, {
            renderHere: true,
            started: startedEarly,
          });
          return poolStarted;
        })
      : null;
  pool?.catch(() => {});
  // The pool stops its threads; workers started early for a pool that never started (the
  // bundles failed, or the build reuses the last one's pages) are stopped here.
  const closePool = async () => {
    const started = await pool?.catch(() => null);
    if (started) await started.close();
    else await Promise.all(startedEarly.map(({ worker }) => worker.terminate()));
  };
  // A build that fails before the render leaves neither the staged client bundle nor (unless
  // an incremental build keeps it) the server bundle behind.
  const removeStaged = async () => {
    await rm(stagingDir, { recursive: true, force: true });
    if (!options.incremental) await rm(ssrDir, { recursive: true, force: true });
  };
  // An incremental build keeps what it made of each post for the next one (post-cache.ts).
  const postCache = options.incremental
    ? openPostCache(join(cache.dir, "posts.jsonl"), code, memory)
    : null;
  let content: Awaited<ReturnType<typeof loadContent>>;
  let routes: ReturnType<typeof buildRoutes>;
  let paths: string[];
  let contentDone: number;
  try {
    // The workers have a core to spare while this thread loads the content and derives the
    // routes: they render the posts' Markdown meanwhile (markdown-memo.ts), handed over in
    // chunks as the posts pass. Only once they are there: waiting for them (a cold bundle
    // build) would hold the content back.
    const bodies: string[] = [];
    const handOver = (least: number) => {
      const started = poolStarted as RenderPool | null;
      if (started && bodies.length >= least) started.prepareMarkdown(bodies.splice(0));
    };
    content = await loadContent(options.contentDir, {
      // Only when there will be workers: a rebuild renders in this thread, and asking for
      // every body would read every post the post cache let it skip.
      ...(pool
        ? {
            onPost: (post: PostEntry) => {
              bodies.push(post.body);
              handOver(BODIES_PER_HANDOVER);
            },
          }
        : {}),
      ...(postCache ? { postCache } : {}),
      ...(memory ? { memory } : {}),
      // Only once the workers are there, as with the bodies.
      loadPosts: (request) => (poolStarted as RenderPool | null)?.loadPosts(request) ?? null,
    });
    handOver(1);
    contentDone = performance.now();
    // A rebuild renders the pages of what was edited, and a changed title needs a new card:
    // its child warms up on the other core while this thread derives and keys the routes
    // (started earlier, it slowed the content's loading as much as it saved). A full build's
    // new cards, if any, are thousands, in batches that start their own children.
    if (options.incremental && (options.ogImages ?? true)) {
      const card = postCardWithoutTitle({
        siteName: content.settings.productName,
        siteUrl: content.settings.siteUrl,
      });
      ogChild.warmUp = { card, key: JSON.stringify(card) };
      ogChild.waiting = options.spareOgChild?.take(ogChild.warmUp.key) ?? prestartOgChild(card);
    }
    // Derived once: the link check and the prerender use the same table.
    routes = buildRoutes(content);
    // The helper prepares the search index of these routes while this thread renders.
    paths = routes.map((route) => route.path);
    helper?.search.routes?.(paths);
    // A link to a page that does not exist fails the build, too.
    if (options.checkLinks !== false) {
      assertInternalLinks(content, routes, join(PROJECT_ROOT, "static"));
    }
  } catch (error) {
    stopBundles.abort();
    await bundles.catch(() => {});
    await closePool();
    await helper?.close();
    await removeStaged();
    throw error;
  }

  // What the last build wrote, when the same code and options wrote it: a full build overwrites
  // that in place.
  const outputRecord = outputRecordStore(outDir);
  const previousOutput = reusable ? null : outputRecord.read(code);
  // Whatever happens next changes the output: the state is only trusted again once it is done.
  cache.forget();
  outputRecord.forget();
  let manifest: ViteManifest;
  try {
    manifest = await bundles;
  } catch (error) {
    await closePool();
    await helper?.close();
    await removeStaged();
    throw error;
  }
  // The previous output, set aside by replaceFolder: deleted once this build is done with the
  // CPU, by a child that may outlive it (remove-in-background.ts). Deleted meanwhile, even at
  // the lowest priority, it made a 10,000-post build 0.4-0.5 s slower (4.66-4.80 s against
  // 4.25-4.30 s with the old output moved away beforehand).
  let setAside: string[] = [];
  let previousOutputFate: BuildReport["previousOutput"] = null;
  let keptEntries: ReadonlySet<string> = new Set();
  const deleteSetAside = () => {
    removeInBackground(setAside.splice(0)).catch((error: unknown) =>
      log(`Could not delete the previous output set aside beside ${outDir}: ${String(error)}`),
    );
  };
  if (!reusable) {
    try {
      const replaced = await replaceFolder(outDir, stagingDir, new Set(previousOutput?.entries));
      setAside = replaced.setAside;
      previousOutputFate = replaced.fate;
      keptEntries = replaced.kept;
    } catch (error) {
      await closePool();
      throw error;
    }
  }
  // The output holds none of the pages' folders now: a worker makes them while this thread
  // resolves the images and hands out the first routes (write-output.ts, `makeFolders`).
  if (!reusable && keptEntries.size === 0) {
    (poolStarted as RenderPool | null)?.prepareFolders(outDir, paths);
  }
  // After the client build, which empties the output folder.
  const imagesDir = join(options.contentDir, IMAGE_SOURCE_DIR);
  const images = createImagePipeline({
    imagesDir,
    outDir,
    cacheDir: options.imageCacheDir ?? join(PROJECT_ROOT, ".cache", "images"),
    ...(imageDomain ? { domain: imageDomain } : {}),
    // Card names are remembered for builds of this code (og-names.ts).
    codeKey: digest,
    ...(ogChild.waiting ? { ogChild: ogChild.waiting } : {}),
  });
  let imageSeconds = 0;

  log("Prerendering…");
  const prerenderStarted = performance.now();
  let renderDone = prerenderStarted;
  // Pages are indexed for search as they are rendered; a rebuild keeps the entries of the
  // pages it does not render (the helper has them) and hands it those of the pages it did.
  const search = !searching
    ? null
    : (helper?.search ?? searchIndexHere(outDir, options.incremental ? cache.dir : null));
  let report: PrerenderReport;
  // The files this thread writes, for the output's record; the workers write only routes'
  // files, which the record knows without being told.
  writes.recorded = new Set();
  try {
    report = await prerender({
      content,
      routes,
      outDir,
      resolveImages: (routes) => {
        log("Resolving images…");
        const imagesStarted = performance.now();
        const started = startRouteImages(routes, images, {
          siteName: content.settings.productName,
          siteUrl: content.settings.siteUrl,
          ogImages: options.ogImages ?? true,
        });
        started.resolved
          .finally(() => {
            imageSeconds = (performance.now() - imagesStarted) / 1000;
          })
          .catch(() => {});
        return started;
      },
      serverBundle,
      manifest,
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
      ...(pool ? { pool: await pool } : {}),
      inlineCriticalCss,
      overwrite: previousOutputFate === "overwritten",
      precompressAssets: options.compress !== false,
      compressCacheDir: join(PROJECT_ROOT, ".cache", "compressed"),
      ...(codeCacheDir
        ? {
            serviceWorkerCache: {
              dir: join(codeCacheDir, "service-worker"),
              codeKey: bundleKey,
            },
          }
        : {}),
      ...(options.incremental
        ? {
            cache: {
              // The footer's copyright year is the build's: a new year renders every page.
              salt: `${code}|${imagesFingerprint(imagesDir)}|${new Date().getFullYear()}`,
              previous: reusable,
              missing: helper ? await helper.missing : new Set<string>(),
            },
          }
        : {}),
      ...(search ? { onSearchEntry: search.set } : {}),
    });
  } catch (error) {
    writes.recorded = null;
    deleteSetAside();
    await helper?.close();
    throw error;
  } finally {
    await closePool();
    if (!options.incremental) await rm(ssrDir, { recursive: true, force: true });
    renderDone = performance.now();
  }
  if (search) log("Writing the search index…");
  let searchFiles = 0;
  let stale: string[] = [];
  try {
    // The helper writes the index while this thread saves its own records below; the state
    // is saved last, once the search entries it goes with are.
    const searched = search?.finish(paths);
    const record = outputRecordOf(outDir, code, paths, writes.recorded ?? [], SEARCH_DIR);
    writes.recorded = null;
    // Overwritten in place: what the last build wrote and this one did not goes now, before
    // the build answers, so that what is deployed next is this build's output and nothing else.
    stale = previousOutput ? staleOutputFiles(previousOutput, record, keptEntries) : [];
    for (const file of stale) removeOutputFile(outDir, file);
    await outputRecord.save(record);
    await postCache?.save();
    searchFiles = (await searched?.filesWritten) ?? 0;
    await searched?.saved;
  } finally {
    await helper?.close();
  }
  if (options.incremental && report.state) await cache.save({ code, ...report.state });
  deleteSetAside();
  const finished = performance.now();
  return {
    ...report,
    filesDeleted: report.filesDeleted + stale.length,
    previousOutput: previousOutputFate,
    seconds: (finished - started) / 1000,
    prerenderSeconds: (finished - prerenderStarted) / 1000,
    images: { ...images.report, seconds: imageSeconds },
    reused,
    bundles: bundlesFrom,
    searchFiles,
    postCache: postCache ? { ...postCache.counts } : null,
    phases: {
      content: (contentDone - started) / 1000,
      bundles: (prerenderStarted - contentDone) / 1000,
      render: (renderDone - prerenderStarted) / 1000,
      search: (finished - renderDone) / 1000,
    },
  };
}

/**
 * outDir's contents become the staged folder's (Vite's bundles): emptied, not removed (it may
 * be a mount point), then each entry renamed in, or copied where outDir is on another device.
 * The old entries are renamed aside into a folder beside outDir: deleting a 10,000-post output
 * in place took 1.3 s before anything could render. Entries of `keep` (those the last build
 * with this code wrote, output-record.ts) stay, to be overwritten, unless the staged folder
 * has them too. Answers the folders set aside beside outDir for the build to delete, with
 * those of earlier builds still there (one died, or its child is still deleting), and what
 * became of the old contents.
 */
async function replaceFolder(
  outDir: string,
  stagingDir: string,
  keep: ReadonlySet<string>,
): Promise<{
  setAside: string[];
  fate: NonNullable<BuildReport["previousOutput"]>;
  /** The entries left in place. */
  kept: ReadonlySet<string>;
}> {
  await mkdir(outDir, { recursive: true });
  const trashPrefix = `.${basename(outDir)}.old-`;
  const trash = join(dirname(outDir), `${trashPrefix}${process.pid}-${Date.now()}`);
  const staged = await readdir(stagingDir);
  const existing = await readdir(outDir);
  const replaced = new Set(staged);
  const staysInPlace = (entry: string) => keep.has(entry) && !replaced.has(entry);
  const entries = existing.filter((entry) => !staysInPlace(entry));
  const kept = new Set(existing.filter(staysInPlace));
  if (entries.length > 0) await mkdir(trash, { recursive: true });
  for (const entry of entries) {
    try {
      await rename(join(outDir, entry), join(trash, entry));
    } catch (error) {
      // outDir is a mount point: its entries cannot leave its file system.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await rm(join(outDir, entry), { recursive: true, force: true });
    }
  }
  for (const entry of staged) {
    try {
      await rename(join(stagingDir, entry), join(outDir, entry));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await cp(join(stagingDir, entry), join(outDir, entry), { recursive: true });
    }
  }
  await rm(stagingDir, { recursive: true, force: true });
  const setAside = (await readdir(dirname(outDir)))
    .filter((name) => name.startsWith(trashPrefix))
    .map((name) => join(dirname(outDir), name));
  const fate = kept.size > 0 ? "overwritten" : existing.length > 0 ? "set aside" : "none";
  return { setAside, fate, kept };
}
