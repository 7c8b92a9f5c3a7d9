/**
 * The prerender's worker threads as far as the build's entry needs them before the rest of the
 * build has loaded (build-site.ts): how many render threads a build uses, and starting a
 * worker. A worker loads the render code as soon as it starts and the server bundle once the
 * pool tells it where that is (render-thread.ts), so it can start before the bundle exists.
 * Light on purpose: started before the build's own code loads (0.25 s on one core), a worker
 * loads its code on the other core meanwhile, where it used to start 0.28 s into a build.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { markdownFileCount } from "./markdown-files.ts";

/** Below this many routes, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 400;

/**
 * A render worker's young generation, in MB. A page's strings (its React markup, the document
 * around it, its page data) die as soon as it is written, and a young generation this size
 * collects them with fewer scavenges than V8's default for a worker: at 10,000 posts the build
 * took 3–5 % less time, and its peak RSS fell from about 700 MB to 580 MB (32 MB was slower).
 */
const WORKER_YOUNG_GENERATION_MB = 64;

/**
 * The render threads of a full build, the build's own thread included: `workers` besides it
 * when given (0: it renders alone), else one per core for a site with at least
 * WORKER_THRESHOLD pages and posts, else none: workers made a 131-page build 0.3 s slower.
 */
export async function renderThreadsFor(options: {
  contentDir: string;
  workers?: number | undefined;
}): Promise<number> {
  if (options.workers !== undefined) return options.workers > 0 ? options.workers + 1 : 0;
  const files = await markdownFileCount(options.contentDir);
  return files >= WORKER_THRESHOLD ? availableParallelism() : 0;
}

/** A render worker started, and what tells when it cannot render any more. */
export interface RenderWorker {
  worker: Worker;
  /** Rejects once the worker failed (to start, or later) or stopped. */
  failed: Promise<never>;
}

/** Starts a render worker (render-worker.mjs), which loads the render code meanwhile. */
export function spawnRenderWorker(): RenderWorker {
  const worker = new Worker(new URL("./render-worker.mjs", import.meta.url), {
    // React's server renderer picks its build from NODE_ENV when first loaded: the prerender
    // must match what production hydrates, and the development build is several times slower.
    // A worker copies the environment when it starts, which may be before the build sets it.
    env: { ...process.env, NODE_ENV: "production" },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  // Listened to from the start: a worker that fails while starting (a broken bundle) must fail
  // the render, not the process with an unhandled 'error' event; one that stops without an
  // error must fail it too, not leave it waiting for an answer.
  const failed = new Promise<never>((_, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => {
      reject(new Error(`A prerender worker stopped with exit code ${code}.`));
    });
  });
  failed.catch(() => {});
  return { worker, failed };
}
