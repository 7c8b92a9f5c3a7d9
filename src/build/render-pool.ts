/**
 * The prerender's render threads, which can start before the routes exist: worker threads
 * (render-worker.mjs) and, when asked, the build's own thread (render-here.ts). Each imports the
 * server bundle and the render code when it starts, most of a second on each core of a
 * 10,000-post build; started as soon as the bundle is there, that happens while the build's
 * own thread still loads the content, derives the routes and resolves the images. The workers
 * may take Markdown bodies to render meanwhile; the site-wide inputs follow in a first
 * message, then the routes in batches.
 */
import type { PostsAnswer, PostsRequest } from "./content.ts";
import { renderInThisThread } from "./render-here.ts";
import type { RenderedRoute, RenderShared, RouteStats } from "./render-route.ts";
import { type RenderWorker, spawnRenderWorker } from "./render-workers.ts";
import type { Route } from "./routes.ts";
import type { SearchEntry } from "./search-index.ts";
import { type WriteMode, writes } from "./write-output.ts";

/**
 * What the build's thread sends a render thread: Markdown bodies to render while it waits (and
 * whether to send their HTML back), HTML another thread rendered ahead, the inputs once, then
 * batches of routes.
 */
export type WorkerRequest =
  | { kind: "prepare"; bodies: string[]; sendBack: boolean }
  | { kind: "offer"; bodies: string[]; html: string[] }
  | { kind: "setup"; shared: RenderShared; mode: WriteMode }
  | { kind: "render"; routes: Route[] }
  | { kind: "loadPosts"; request: PostsRequest }
  /** The folders of these routes' files, to make before their pages are written. */
  | { kind: "folders"; outDir: string; paths: string[] };

/** A worker's first message: where the server bundle is (render-thread.ts). */
export interface WorkerStart {
  kind: "load";
  serverBundle: string;
}

/** A thread's Markdown so far: rendered ahead, taken by a page as such, rendered with a page. */
export interface MarkdownCounts {
  ahead: number;
  taken: number;
  rendered: number;
}

/** What a render thread answers: a batch of routes rendered or failed, or HTML it rendered ahead. */
export type WorkerAnswer =
  | { kind: "rendered"; stats: RenderedRoute[]; written: number; markdown: MarkdownCounts }
  | { kind: "failed"; error: string }
  | { kind: "prepared"; html: string[] }
  | { kind: "posts"; answer: PostsAnswer };

export interface RenderPool {
  readonly size: number;
  /**
   * Hands the workers Markdown bodies to render while they wait for routes (markdown-memo.ts),
   * each body to one worker; a route with one of these bodies then goes to that worker. Call
   * before `render`.
   */
  prepareMarkdown(bodies: readonly string[]): void;
  /**
   * Has a worker read and load posts (content.ts, loadPostsOf) while the build's own thread
   * loads others; null when the pool has no worker. Before `render`.
   */
  loadPosts(request: PostsRequest): Promise<PostsAnswer> | null;
  /**
   * Has a worker make the folders of the routes' files in `outDir` (empty, or without them)
   * while it waits for its first routes; the build's own thread then writes its pages without
   * making their folders. Before `render`; nothing without a worker.
   */
  prepareFolders(outDir: string, paths: string[]): void;
  /**
   * Renders the routes, then `later`'s, handing each one's stats back and its search entry to
   * `onSearchEntry` in that order, whichever worker rendered it. Once per pool.
   */
  render(
    routes: readonly Route[],
    shared: RenderShared,
    options: {
      /** How the build writes its files, which each worker follows. */
      mode: WriteMode;
      onSearchEntry?: ((path: string, entry: SearchEntry | null) => void) | undefined;
      /**
       * Routes to render once `routes` are handed out and this settles (those waiting for
       * their images); a rejection fails the render.
       */
      later?: Promise<readonly Route[]>;
    },
  ): Promise<{
    stats: RouteStats[];
    written: number;
    /** Bodies rendered ahead, routes' bodies taken as such, and those rendered with the page. */
    markdown: MarkdownCounts;
  }>;
  /** Stops the threads; safe to call more than once. */
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
 * Routes per batch for the build's own thread. It hands the workers their next batches only
 * between two of its own, so its batches are kept short: with batches of 100 it rendered for
 * 70-200 ms at a time, and a worker that had finished its batches meanwhile sat idle (536 ms
 * of a 10,000-post build, in gaps of up to 200 ms; 107 ms with these sizes).
 */
const HERE_BATCH_SIZE = 20;
/** Batches a worker holds at once (see `render`). */
const BATCHES_IN_FLIGHT = 3;
/** The shortest batch handed out near the end (`batchSize`). */
const MIN_BATCH_SIZE = 10;

/**
 * How many routes a thread takes next: its full batch, shorter once the routes left would not
 * fill every thread's batches in flight, so that the threads run out together. Given the last
 * 100 routes in one batch, a worker rendered for 40-80 ms at the end of a 10,000-post build
 * while the build's thread waited for it.
 */
export function batchSize(full: number, routesLeft: number, threads: number): number {
  const share = Math.ceil(routesLeft / (threads * BATCHES_IN_FLIGHT));
  return Math.min(full, Math.max(MIN_BATCH_SIZE, share));
}

/** One thread of the pool: a worker, or the build's own thread (render-here.ts). */
export interface RenderThread {
  postMessage(request: WorkerRequest): void;
  /** Who hears its answers (one listener, set once). */
  onAnswer(listener: (answer: WorkerAnswer) => void): void;
  /** Rejects once the thread cannot render any more (it failed to start, or stopped). */
  readonly failed: Promise<never>;
  stop(): Promise<void>;
}

/** A worker of the pool, told to load the server bundle before anything else. */
function workerThread(serverBundle: string, { worker, failed }: RenderWorker): RenderThread {
  worker.postMessage({ kind: "load", serverBundle } satisfies WorkerStart);
  return {
    postMessage: (request) => worker.postMessage(request),
    onAnswer: (listener) => {
      worker.on("message", listener);
    },
    failed,
    stop: async () => {
      await worker.terminate();
    },
  };
}

/**
 * Starts `size` render threads. With `renderHere`, the last of them is the build's own thread,
 * which has little else to do once the routes exist: one V8 heap fewer to load the bundle into
 * and optimise the same code in, and its routes are not copied to another thread. `started`
 * are workers started earlier (render-workers.ts), used first; the pool stops them with its
 * own, and any it has no use for at once.
 */
export function startRenderPool(
  serverBundle: string,
  size: number,
  { renderHere = false, started = [] }: { renderHere?: boolean; started?: RenderWorker[] } = {},
): RenderPool {
  const here = renderHere && size > 0;
  const workers = here ? size - 1 : size;
  for (const unused of started.slice(workers)) void unused.worker.terminate();
  const threads: RenderThread[] = Array.from({ length: workers }, (_, index) =>
    workerThread(serverBundle, started[index] ?? spawnRenderWorker()),
  );
  if (here) threads.push(renderInThisThread(serverBundle));
  let closed: Promise<void> | null = null;
  // The threads each body was handed to, once per time it was (two posts may share a body).
  const owners = new Map<string, number[]>();
  // The bodies handed to each worker, in order, and how many of them it has sent back.
  const bodiesHanded = threads.map((): string[] => []);
  const sentBack = threads.map(() => 0);
  const thisThread = here ? threads.at(-1) : undefined;
  // Who hears each thread's answers about routes: the render under way.
  const listeners = threads.map((): ((answer: WorkerAnswer) => void) | null => null);
  // Who waits for the posts a worker was asked to load.
  let postsLoaded: ((answer: PostsAnswer) => void) | null = null;
  threads.forEach((thread, index) => {
    thread.onAnswer((answer) => {
      if (answer.kind === "posts") {
        postsLoaded?.(answer.answer);
        postsLoaded = null;
        return;
      }
      if (answer.kind !== "prepared") return listeners[index]?.(answer);
      // A worker's Markdown rendered ahead, for the build's own thread: the routes it takes
      // from that worker's list then find their HTML there instead of rendering it again.
      const from = sentBack[index] as number;
      sentBack[index] = from + answer.html.length;
      const bodies = (bodiesHanded[index] as string[]).slice(from, from + answer.html.length);
      thisThread?.postMessage({ kind: "offer", bodies, html: answer.html });
    });
  });

  return {
    size,
    prepareMarkdown(bodies) {
      // The build's own thread still has a core's work to do, so it never renders ahead. Without
      // it in the pool, one worker does not either: with every worker rendering ahead, the
      // build's thread waited for the cores (0.4 s of a 10,000-post build).
      const preparing = here ? size - 1 : Math.max(1, size - 1);
      if (preparing === 0) return;
      const shares = threads.map((): string[] => []);
      bodies.forEach((body, index) => {
        const worker = index % preparing;
        const handed = owners.get(body);
        if (handed) handed.push(worker);
        else owners.set(body, [worker]);
        shares[worker]?.push(body);
      });
      threads.slice(0, preparing).forEach((worker, index) => {
        const bodies = shares[index] as string[];
        // One at a time: a spread of a large site's bodies would pass too many arguments.
        if (here) for (const body of bodies) (bodiesHanded[index] as string[]).push(body);
        worker.postMessage({ kind: "prepare", bodies, sendBack: here } satisfies WorkerRequest);
      });
    },
    loadPosts(request) {
      const worker = threads[0];
      if (!worker || worker === thisThread || postsLoaded) return null;
      const loaded = new Promise<PostsAnswer>((resolve) => {
        postsLoaded = resolve;
      });
      worker.postMessage({ kind: "loadPosts", request } satisfies WorkerRequest);
      return Promise.race([worker.failed, loaded]);
    },
    prepareFolders(outDir, paths) {
      const worker = threads[0];
      if (!worker || worker === thisThread) return;
      worker.postMessage({ kind: "folders", outDir, paths } satisfies WorkerRequest);
      if (here) writes.foldersComing = true;
    },
    async render(first, shared, { mode, onSearchEntry, later }) {
      const routes: Route[] = [];
      // Indexes into `routes`: each worker's own (their bodies rendered ahead there), the rest.
      const own = threads.map((): number[] => []);
      const anyone: number[] = [];
      const add = (more: readonly Route[]) => {
        for (const route of more) {
          const owner = route.markdown ? owners.get(route.markdown.body)?.shift() : undefined;
          (owner === undefined ? anyone : (own[owner] as number[])).push(routes.length);
          routes.push(route);
        }
      };
      add(first);
      // Its own routes first, then anyone's, then the rest of another worker's own: a worker
      // whose bodies are not rendered ahead renders them itself rather than wait.
      const takeBatch = (worker: number): number[] => {
        const left = own.reduce((sum, list) => sum + list.length, anyone.length);
        const full = threads[worker] === thisThread ? HERE_BATCH_SIZE : BATCH_SIZE;
        const size = batchSize(full, left, threads.length);
        const mine = own[worker] as number[];
        if (mine.length > 0) return mine.splice(0, size);
        if (anyone.length > 0) return anyone.splice(0, size);
        const longest = own.reduce((a, b) => (b.length > a.length ? b : a));
        return longest.splice(Math.max(0, longest.length - size));
      };
      // The later routes join when they come; a worker that runs out before then waits for
      // them, and only stops once they are in.
      let laterPending = later !== undefined;
      const laterAdded = later?.then((more) => {
        add(more);
        laterPending = false;
      });
      // Awaited by the workers that run out; until then a rejection is not unhandled.
      laterAdded?.catch(() => {});
      const stats: RouteStats[] = [];
      let written = 0;
      const markdown = threads.map((): MarkdownCounts => ({ ahead: 0, taken: 0, rendered: 0 }));
      // Routes come back in whatever order the threads render them; their stats and search
      // entries are handed on in route order.
      const answered: (RenderedRoute | undefined)[] = [];
      let handedOn = 0;
      const handOnInOrder = () => {
        for (let rendered = answered[handedOn]; rendered; rendered = answered[handedOn]) {
          answered[handedOn] = undefined;
          handedOn += 1;
          stats.push(takeSearchEntry(rendered, onSearchEntry));
        }
      };
      await Promise.all(
        threads.map((worker, index) =>
          Promise.race([
            worker.failed,
            new Promise<void>((resolve, reject) => {
              // The batches a worker has, oldest first: three, so that the next one is waiting
              // when it answers one, rather than a round trip through this thread later.
              const inFlight: number[][] = [];
              const post = (): void => {
                while (inFlight.length < BATCHES_IN_FLIGHT) {
                  const batch = takeBatch(index);
                  if (batch.length === 0) break;
                  inFlight.push(batch);
                  worker.postMessage({
                    kind: "render",
                    routes: batch.map((at) => routes[at] as Route),
                  } satisfies WorkerRequest);
                }
                if (inFlight.length > 0) return;
                if (laterPending) {
                  (laterAdded as Promise<void>).then(post, reject);
                  return;
                }
                listeners[index] = null;
                resolve();
              };
              listeners[index] = (message) => {
                if (message.kind === "failed") {
                  return reject(new Error(`A prerender worker failed:\n${message.error}`));
                }
                if (message.kind !== "rendered") return;
                const batch = inFlight.shift() as number[];
                batch.forEach((at, position) => {
                  answered[at] = message.stats[position];
                });
                handOnInOrder();
                written += message.written;
                markdown[index] = message.markdown;
                post();
              };
              worker.postMessage({ kind: "setup", shared, mode } satisfies WorkerRequest);
              post();
            }),
          ]),
        ),
      );
      return {
        stats,
        written,
        markdown: {
          ahead: markdown.reduce((sum, counts) => sum + counts.ahead, 0),
          taken: markdown.reduce((sum, counts) => sum + counts.taken, 0),
          rendered: markdown.reduce((sum, counts) => sum + counts.rendered, 0),
        },
      };
    },
    close() {
      closed ??= Promise.all(threads.map((worker) => worker.stop())).then(() => {});
      return closed;
    },
  };
}
