/**
 * The whole build (site-build.ts), its code loaded from one bundled file (build-code.ts)
 * through Node's compile cache (compile-cache.mjs, on by importing it), and only once a build
 * starts: a full build of a large site first starts its render workers (render-workers.ts),
 * which load their code on the other cores while this thread loads the build's (0.25 s on one
 * core, with the other idle, when it came first).
 */
import { assertOutputFolderOfItsOwn } from "./output-folder.ts";
import "./compile-cache.mjs";
import { buildCodeKey, loadSiteBuild } from "./build-code.ts";
import { codeDigest, PROJECT_ROOT } from "./code-digest.ts";
import { renderThreadsFor, spawnRenderWorker } from "./render-workers.ts";
import type { BuildOptions, BuildReport } from "./site-build.ts";

export { buildCacheDirOf } from "./build-cache.ts";
export type { BuildOptions, BuildReport } from "./site-build.ts";

// Loaded once per process, as the code it was loaded from runs for the rest of it.
let siteBuild: { digest: string; module: Promise<typeof import("./site-build.ts")> } | undefined;

/**
 * The build's code on disk is not the code this process loaded (a long-lived build, such as
 * `--watch`, outlived an edit to it): building on would write pages with the old code under
 * the new code's fingerprint, which the next incremental build would then trust.
 */
export class BuildCodeChangedError extends Error {
  constructor() {
    super(
      "The build's code changed since this process loaded it: start the build again to build with the new code.",
    );
    this.name = "BuildCodeChangedError";
  }
}

/** The whole build: Vite's client and server bundles, then the prerender (site-build.ts). */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  assertOutputFolderOfItsOwn(options.outDir, [
    { what: "the project", dir: PROJECT_ROOT },
    { what: "the content", dir: options.contentDir },
  ]);
  // An incremental build may reuse most of the last one and render a few pages in this
  // thread: it decides about workers once it knows (site-build.ts).
  const renderThreads = options.incremental ? undefined : await renderThreadsFor(options);
  const workers = Array.from({ length: Math.max(0, (renderThreads ?? 0) - 1) }, () =>
    spawnRenderWorker(),
  );
  try {
    // Read for every build, as before the bundle: the caches are keyed by the code on disk.
    const digest = codeDigest(PROJECT_ROOT);
    siteBuild ??= { digest, module: loadSiteBuild(buildCodeKey(digest)) };
    if (siteBuild.digest !== digest) throw new BuildCodeChangedError();
    const site = await siteBuild.module;
    return await site.buildSite(
      options,
      renderThreads === undefined ? undefined : { renderThreads, workers },
      digest,
    );
  } catch (error) {
    // The build stops the workers it used; these are stopped whatever it failed at, so that
    // none keeps the process alive (stopping a stopped worker does nothing).
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
    throw error;
  }
}
