/**
 * The whole build (site-build.ts), its code loaded through Node's compile cache
 * (compile-cache.ts) and only once a build starts: a full build of a large site first starts
 * its render workers (render-workers.ts), which load their code on the other cores while this
 * thread loads the build's (0.25 s on one core, with the other idle, when it came first).
 */
import { turnOnCompileCache } from "./compile-cache.ts";
import { renderThreadsFor, spawnRenderWorker } from "./render-workers.ts";
import type { BuildOptions, BuildReport } from "./site-build.ts";

turnOnCompileCache();

export { buildCacheDirOf } from "./build-cache.ts";
export type { BuildOptions, BuildReport } from "./site-build.ts";

let siteBuild: Promise<typeof import("./site-build.ts")> | undefined;
const loadSiteBuild = () => {
  siteBuild ??= import("./site-build.ts");
  return siteBuild;
};

/** The whole build: Vite's client and server bundles, then the prerender (site-build.ts). */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  // An incremental build may reuse most of the last one and render a few pages in this
  // thread: it decides about workers once it knows (site-build.ts).
  const renderThreads = options.incremental ? undefined : await renderThreadsFor(options);
  const workers = Array.from({ length: Math.max(0, (renderThreads ?? 0) - 1) }, () =>
    spawnRenderWorker(),
  );
  try {
    const site = await loadSiteBuild();
    return await site.buildSite(
      options,
      renderThreads === undefined ? undefined : { renderThreads, workers },
    );
  } catch (error) {
    // The build stops the workers it used; these are stopped whatever it failed at, so that
    // none keeps the process alive (stopping a stopped worker does nothing).
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
    throw error;
  }
}
