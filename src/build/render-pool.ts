/**
 * The prerender's worker threads (render-worker.ts), which can start before the routes exist.
 * Each imports the server bundle and the render code when it starts, most of a second on each
 * core of a 10,000-post build; started as soon as the bundle is there, that happens while the
 * build's own thread still loads the content, derives the routes and resolves the images. The
 * site-wide inputs follow in a first message, then the routes in batches.
 */
import { Worker } from "node:worker_threads";
import type { RenderedRoute, RenderShared, RouteStats } from "./render-route.ts";
import type { Route } from "./routes.ts";
import type { SearchEntry } from "./search-index.ts";

/** What the build's thread sends a render worker: the inputs once, then batches of routes. */
export type WorkerRequest =
  | { kind: "setup"; shared: RenderShared; onlyChanged: boolean }
  | { kind: "render"; routes: Route[] };

/** What a render worker answers for a batch of routes. */
export type WorkerAnswer =
  | { ok: true; stats: RenderedRoute[]; written: number }
  | { ok: false; error: string };

export interface RenderPool {
  readonly size: number;
  /**
   * Renders the routes, then `later`'s, handing each one's stats back and its search entry to
   * `onSearchEntry` in that order, whichever worker rendered it. Once per pool.
   */
  render(
    routes: readonly Route[],
    shared: RenderShared,
    options: {
      /** An incremental build: files whose bytes are unchanged are left alone. */
      onlyChanged: boolean;
      onSearchEntry?: ((path: string, entry: SearchEntry | null) => void) | undefined;
      /**
       * Routes to render once `routes` are handed out and this settles (those waiting for
       * their images); a rejection fails the render.
       */
      later?: Promise<readonly Route[]>;
    },
  ): Promise<{ stats: RouteStats[]; written: number }>;
  /** Stops the workers; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * A route's stats, its search entry handed to `onSearchEntry` at once rather than kept: the
 * report holds every route's stats until the build ends.
 */
export function takeSearchEntry(
  rendered: RenderedRoute,
  onSearchEntry: ((path: string, entry: SearchEntry | null) => void) | undefined,
): RouteStats {
  const { search, ...stats } = rendered;
  if (search !== undefined) onSearchEntry?.(stats.path, search);
  return stats;
}

/** Routes per message to a worker: large enough to amortise messaging, small enough to bound memory. */
const BATCH_SIZE = 100;

/**
 * A render worker's young generation, in MB. A page's strings (its React markup, the document
 * around it, its page data) die as soon as it is written, and a young generation this size
 * collects them with fewer scavenges than V8's default for a worker: at 10,000 posts the build
 * took 3–5 % less time, and its peak RSS fell from about 700 MB to 580 MB (32 MB was slower).
 */
const WORKER_YOUNG_GENERATION_MB = 64;

export function startRenderPool(serverBundle: string, size: number): RenderPool {
  const workers = Array.from(
    { length: size },
    () =>
      new Worker(new URL("./render-worker.ts", import.meta.url), {
        workerData: { serverBundle },
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      }),
  );
  // Listened to from the start: a worker that fails while starting (a broken bundle) must fail
  // the render, not the process with an unhandled 'error' event; one that stops without an
  // error must fail it too, not leave it waiting for an answer.
  const failures = workers.map(
    (worker) =>
      new Promise<never>((_, reject) => {
        worker.once("error", reject);
        worker.once("exit", (code) => {
          reject(new Error(`A prerender worker stopped with exit code ${code}.`));
        });
      }),
  );
  for (const failure of failures) failure.catch(() => {});
  let closed: Promise<void> | null = null;

  return {
    size,
    async render(first, shared, { onlyChanged, onSearchEntry, later }) {
      const routes = [...first];
      // The later routes join the list when they come; a worker that runs out before then
      // waits for them, and only stops once they are in.
      let laterPending = later !== undefined;
      const laterAdded = later?.then((more) => {
        routes.push(...more);
        laterPending = false;
      });
      // Awaited by the workers that run out; until then a rejection is not unhandled.
      laterAdded?.catch(() => {});
      const stats: RouteStats[] = [];
      let written = 0;
      let next = 0;
      let batches = 0;
      // Batches come back in whatever order the workers finish them; their stats and search
      // entries are handed on in route order.
      const answered = new Map<number, RenderedRoute[]>();
      let handedOn = 0;
      const handOnInOrder = () => {
        for (let batch = answered.get(handedOn); batch; batch = answered.get(handedOn)) {
          answered.delete(handedOn);
          handedOn += 1;
          for (const rendered of batch) stats.push(takeSearchEntry(rendered, onSearchEntry));
        }
      };
      await Promise.all(
        workers.map((worker, index) =>
          Promise.race([
            failures[index] as Promise<never>,
            new Promise<void>((resolve, reject) => {
              // A worker has one batch at a time: this is the one it is answering.
              let batchIndex = -1;
              const post = (): void => {
                if (next >= routes.length) {
                  if (laterPending) {
                    (laterAdded as Promise<void>).then(post, reject);
                    return;
                  }
                  worker.off("message", onAnswer);
                  resolve();
                  return;
                }
                batchIndex = batches++;
                const batch = routes.slice(next, next + BATCH_SIZE);
                next += batch.length;
                worker.postMessage({ kind: "render", routes: batch } satisfies WorkerRequest);
              };
              const onAnswer = (message: WorkerAnswer) => {
                if (!message.ok) {
                  return reject(new Error(`A prerender worker failed:\n${message.error}`));
                }
                answered.set(batchIndex, message.stats);
                handOnInOrder();
                written += message.written;
                post();
              };
              worker.on("message", onAnswer);
              worker.postMessage({ kind: "setup", shared, onlyChanged } satisfies WorkerRequest);
              post();
            }),
          ]),
        ),
      );
      return { stats, written };
    },
    close() {
      closed ??= Promise.all(workers.map((worker) => worker.terminate())).then(() => {});
      return closed;
    },
  };
}
