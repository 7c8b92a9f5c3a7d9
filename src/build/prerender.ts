import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import {
  APP_DATA_URL,
  type AppData,
  MATCH_PATHS_URL,
  type StaticQueryResult,
  sliceDataUrl,
  staticQueryUrl,
} from "../protocol/index.ts";
import { writeCollectionFiles } from "./collection-files.ts";
import type { SiteContent } from "./content.ts";
import {
  createRouteRenderer,
  type RenderShared,
  type RouteStats,
  type ServerBundle,
} from "./render-route.ts";
import { buildRoutes, type Route } from "./routes.ts";
import { writeServiceWorker } from "./service-worker.ts";
import { pageInputsFor } from "./shared-data.ts";
import { writeSiteFiles } from "./site-files.ts";
import { takeViteManifest } from "./vite-manifest.ts";
import { writeOutputFile } from "./write-output.ts";

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
  /** Write `.br`/`.gz` copies of the shared assets (default true); pages are left to the server. */
  precompressAssets?: boolean;
  /** Resolves content images in the routes' data before anything renders (src/build/images.ts). */
  resolveImages?: (routes: Route[]) => Promise<void>;
}

export interface PrerenderReport {
  routes: number;
  stats: RouteStats[];
  compilationHash: string;
}

/** Routes per message to a worker: large enough to amortise messaging, small enough to bound memory. */
const BATCH_SIZE = 100;
/** Below this many routes, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 400;

async function renderInWorkers(
  routes: Route[],
  shared: RenderShared,
  serverBundle: string,
  workerCount: number,
): Promise<RouteStats[]> {
  const stats: RouteStats[] = [];
  let next = 0;
  const workers = Array.from(
    { length: workerCount },
    () =>
      new Worker(new URL("./render-worker.ts", import.meta.url), {
        workerData: { shared, serverBundle },
      }),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const sendNext = () => {
              if (next >= routes.length) return resolve();
              const batch = routes.slice(next, next + BATCH_SIZE);
              next += BATCH_SIZE;
              worker.postMessage(batch);
            };
            worker.on(
              "message",
              (message: { ok: boolean; stats?: RouteStats[]; error?: string }) => {
                if (!message.ok)
                  return reject(new Error(`A prerender worker failed:\n${message.error}`));
                stats.push(...(message.stats ?? []));
                sendNext();
              },
            );
            worker.once("error", reject);
            worker.once("online", sendNext);
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return stats;
}

/** Writes every route's HTML and page data plus the shared data files into outDir. */
export async function prerender(options: PrerenderOptions): Promise<PrerenderReport> {
  const { content } = options;
  const routes = options.routes ?? buildRoutes(content);
  await options.resolveImages?.(routes);
  const manifest = await takeViteManifest(options.outDir);
  // The hash of the client code: a content-only rebuild keeps it, a code change changes it.
  const compilationHash = createHash("sha256")
    .update(JSON.stringify(manifest))
    .digest("hex")
    .slice(0, 20);

  const inputs = pageInputsFor(content, routes, compilationHash);
  const write = (url: string, value: unknown) =>
    writeOutputFile(join(options.outDir, url), JSON.stringify(value));
  for (const [hash, data] of Object.entries(inputs.staticQueryResults)) {
    write(staticQueryUrl(hash), { data } satisfies StaticQueryResult);
  }
  for (const [name, slice] of Object.entries(inputs.slices)) write(sliceDataUrl(name), slice);
  write(APP_DATA_URL, { compilationHash } satisfies AppData);
  write(MATCH_PATHS_URL, inputs.matchPaths);

  const shared: RenderShared = { ...inputs, outDir: options.outDir, manifest };

  const workerCount =
    options.workers ?? (routes.length >= WORKER_THRESHOLD ? availableParallelism() : 0);
  let stats: RouteStats[];
  if (workerCount > 0) {
    stats = await renderInWorkers(routes, shared, options.serverBundle, workerCount);
  } else {
    const bundle = (await import(pathToFileURL(options.serverBundle).href)) as ServerBundle;
    stats = routes.map(createRouteRenderer(shared, bundle));
  }

  // Before the site files: their compression pass then covers sw.js too.
  await writeServiceWorker({
    outDir: options.outDir,
    siteName: content.settings.productName,
    compilationHash,
  });
  await writeSiteFiles({
    outDir: options.outDir,
    content,
    routes,
    precompressAssets: options.precompressAssets ?? true,
  });
  await writeCollectionFiles({ outDir: options.outDir, content });
  return { routes: routes.length, stats, compilationHash };
}
