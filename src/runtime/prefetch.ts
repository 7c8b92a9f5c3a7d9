import { normalizePathname } from "../protocol/index.ts";
import { BOT_USER_AGENT, PREFETCH_BATCH_SIZE, PREFETCH_INTERVAL_MS } from "./constants.ts";

export interface PrefetchConditions {
  /** `navigator.connection.effectiveType`, when the browser reports it. */
  effectiveType?: string;
  /** `navigator.connection.saveData`, when the browser reports it. */
  saveData?: boolean;
  userAgent: string;
}

/** False on 2g connections, with data saving on, and for crawlers. */
export function shouldPrefetch(conditions: PrefetchConditions): boolean {
  if ((conditions.effectiveType ?? "").includes("2g")) return false;
  if (conditions.saveData === true) return false;
  return !BOT_USER_AGENT.test(conditions.userAgent);
}

export interface PrefetchQueueOptions {
  /** Loads one path's page data and chunk; a rejection is ignored. */
  prefetch(path: string): Promise<unknown>;
  schedule(fn: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
  /** Runs each batch when the browser is idle; without it batches run when their timer fires. */
  runWhenIdle?(fn: () => void): void;
  /** The page being shown, never prefetched. */
  currentPath(): string;
  /** Makes `/a` and `/a/` the same path; defaults to trailing-slash normalisation. */
  normalize?(path: string): string;
  batchSize?: number;
  intervalMs?: number;
}

type Phase = "idle" | "waiting" | "running";

/**
 * Paths of links in the viewport, prefetched a few at a time so page loads are not slowed.
 *
 * Timing (as in Gatsby 5): the first batch runs `intervalMs` after an enqueue finds the queue
 * idle; each batch takes `batchSize` paths, and the next batch runs `intervalMs` after the
 * current batch's prefetches have settled, so a slow network is never flooded. When the queue
 * empties, the timer stops; a later enqueue waits the full interval again.
 *
 * Every path is prefetched at most once, whether through the queue or `now`, and the current
 * page is skipped both when enqueued and when its batch runs.
 */
export class PrefetchQueue {
  readonly #options: PrefetchQueueOptions;
  readonly #batchSize: number;
  readonly #intervalMs: number;
  readonly #normalize: (path: string) => string;
  readonly #queue: string[] = [];
  readonly #started = new Set<string>();
  #phase: Phase = "idle";
  #timer: unknown;
  /** Each wait starts a cycle; a late idle callback or batch of an older cycle does nothing. */
  #cycle = 0;

  constructor(options: PrefetchQueueOptions) {
    this.#options = options;
    this.#batchSize = options.batchSize ?? PREFETCH_BATCH_SIZE;
    this.#intervalMs = options.intervalMs ?? PREFETCH_INTERVAL_MS;
    this.#normalize = options.normalize ?? normalizePathname;
  }

  /** Paths waiting for a batch, in order. */
  get queued(): readonly string[] {
    return [...this.#queue];
  }

  /** A link entered the viewport. */
  enqueue(rawPath: string): void {
    const path = this.#normalize(rawPath);
    if (this.#started.has(path) || this.#queue.includes(path) || this.#isCurrent(path)) return;
    this.#queue.push(path);
    if (this.#phase === "idle") this.#wait();
  }

  /** No link to the path is in the viewport any more: forget it unless its prefetch started. */
  remove(rawPath: string): void {
    this.#unqueue(this.#normalize(rawPath));
  }

  /** Hover: prefetch at once, out of turn. */
  now(rawPath: string): void {
    const path = this.#normalize(rawPath);
    this.#unqueue(path);
    if (this.#started.has(path) || this.#isCurrent(path)) return;
    this.#start(path);
  }

  /** Stops the timer and forgets queued paths (e.g. when the app unmounts). */
  dispose(): void {
    if (this.#phase === "waiting") this.#options.cancel(this.#timer);
    this.#queue.length = 0;
    this.#phase = "idle";
  }

  #unqueue(path: string): void {
    const index = this.#queue.indexOf(path);
    if (index === -1) return;
    this.#queue.splice(index, 1);
    if (this.#queue.length === 0 && this.#phase === "waiting") {
      this.#options.cancel(this.#timer);
      this.#phase = "idle";
    }
  }

  #wait(): void {
    this.#phase = "waiting";
    const cycle = ++this.#cycle;
    this.#timer = this.#options.schedule(() => {
      this.#phase = "running";
      const { runWhenIdle } = this.#options;
      if (runWhenIdle === undefined) this.#runBatch(cycle);
      else runWhenIdle(() => this.#runBatch(cycle));
    }, this.#intervalMs);
  }

  #runBatch(cycle: number): void {
    if (cycle !== this.#cycle) return;
    const batch: Promise<unknown>[] = [];
    while (batch.length < this.#batchSize && this.#queue.length > 0) {
      const path = this.#queue.shift() as string;
      // The visitor may have navigated to a queued path since it was enqueued.
      if (!this.#started.has(path) && !this.#isCurrent(path)) batch.push(this.#start(path));
    }
    if (this.#queue.length === 0) {
      this.#phase = "idle";
      return;
    }
    Promise.all(batch).then(() => {
      if (cycle !== this.#cycle) return;
      if (this.#queue.length > 0) this.#wait();
      else this.#phase = "idle";
    });
  }

  #start(path: string): Promise<unknown> {
    this.#started.add(path);
    try {
      return this.#options.prefetch(path).catch(() => undefined);
    } catch {
      return Promise.resolve();
    }
  }

  #isCurrent(path: string): boolean {
    return this.#normalize(this.#options.currentPath()) === path;
  }
}

/**
 * The links in the viewport, per path. Several links often lead to one page (header, body,
 * footer): one of them leaving must not drop a path that another still shows.
 */
class LinksInView<Link> {
  readonly #links = new Map<string, Set<Link>>();

  enter(path: string, link: Link): void {
    const links = this.#links.get(path) ?? new Set<Link>();
    links.add(link);
    this.#links.set(path, links);
  }

  /** Forgets `link` (in view or not); true when no link to `path` is left in view. */
  leave(path: string, link: Link): boolean {
    const links = this.#links.get(path);
    links?.delete(link);
    if (links !== undefined && links.size > 0) return false;
    this.#links.delete(path);
    return true;
  }
}

/** What the browser adapter needs from the page loader. */
export interface Prefetcher {
  prefetch(pathname: string): Promise<boolean>;
  resolve?(pathname: string): string;
}

export interface BrowserPrefetcher {
  /** Queues `path` while `anchor` is in the viewport; returns the function that stops watching. */
  observe(anchor: HTMLAnchorElement, path: string): () => void;
  /** Prefetches `path` at once (pointer over a link). */
  hover(path: string): void;
}

/** The browser facilities the adapter uses; injectable so tests can drive it. */
export interface BrowserPrefetchEnv {
  IntersectionObserver?: typeof IntersectionObserver;
  connection?: { effectiveType?: string; saveData?: boolean };
  userAgent: string;
  requestIdleCallback?: (fn: () => void) => unknown;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  currentPath(): string;
}

function browserEnv(): BrowserPrefetchEnv {
  const nav = globalThis.navigator as Navigator & {
    connection?: { effectiveType?: string; saveData?: boolean };
  };
  return {
    IntersectionObserver: globalThis.IntersectionObserver,
    connection: nav.connection,
    userAgent: nav.userAgent,
    requestIdleCallback: globalThis.requestIdleCallback?.bind(globalThis),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    currentPath: () => globalThis.location.pathname,
  };
}

const INERT: BrowserPrefetcher = { observe: () => () => {}, hover: () => {} };

/**
 * Wires a PrefetchQueue to IntersectionObserver and hover. Does nothing at all on 2g, with
 * data saving on, or for crawlers; the connection is read again before each prefetch, since
 * it can degrade while the page is open.
 */
export function createBrowserPrefetcher(
  loader: Prefetcher,
  env: BrowserPrefetchEnv = browserEnv(),
): BrowserPrefetcher {
  const allowed = () =>
    shouldPrefetch({
      effectiveType: env.connection?.effectiveType,
      saveData: env.connection?.saveData,
      userAgent: env.userAgent,
    });
  if (!allowed()) return INERT;

  const normalize = loader.resolve?.bind(loader) ?? normalizePathname;
  const queue = new PrefetchQueue({
    prefetch: (path) => (allowed() ? loader.prefetch(path) : Promise.resolve(false)),
    schedule: (fn, ms) => env.setTimeout(fn, ms),
    cancel: (handle) => env.clearTimeout(handle),
    runWhenIdle: (fn) => {
      if (env.requestIdleCallback !== undefined) env.requestIdleCallback(fn);
      else env.setTimeout(fn, 0);
    },
    currentPath: env.currentPath,
    normalize,
  });

  const watched = new Map<Element, string>();
  // By the queue's own path, so links to `/a` and `/a/` count as links to one page.
  const inView = new LinksInView<Element>();
  const leave = (anchor: Element, path: string): void => {
    if (inView.leave(normalize(path), anchor)) queue.remove(path);
  };
  const Observer = env.IntersectionObserver;
  const observer =
    Observer === undefined
      ? undefined
      : new Observer((entries) => {
          for (const entry of entries) {
            const path = watched.get(entry.target);
            if (path === undefined) continue;
            if (entry.isIntersecting) {
              inView.enter(normalize(path), entry.target);
              queue.enqueue(path);
            } else {
              leave(entry.target, path);
            }
          }
        });

  return {
    observe(anchor, path) {
      if (observer === undefined) return () => {};
      watched.set(anchor, path);
      observer.observe(anchor);
      return () => {
        observer.unobserve(anchor);
        watched.delete(anchor);
        leave(anchor, path);
      };
    },
    hover(path) {
      if (allowed()) queue.now(path);
    },
  };
}
