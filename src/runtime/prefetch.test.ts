import { describe, expect, it } from "vitest";
import { PREFETCH_BATCH_SIZE, PREFETCH_INTERVAL_MS } from "./constants.ts";
import {
  type BrowserPrefetchEnv,
  createBrowserPrefetcher,
  PrefetchQueue,
  type PrefetchQueueOptions,
  shouldPrefetch,
} from "./prefetch.ts";

/** Lets pending promise callbacks run (real macrotask turn; the clock below is fake). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A manual clock: timers fire only when the test advances time. */
class FakeClock {
  now = 0;
  #nextId = 1;
  #timers: Array<{ id: number; at: number; fn: () => void }> = [];

  schedule = (fn: () => void, ms: number): number => {
    const id = this.#nextId++;
    this.#timers.push({ id, at: this.now + ms, fn });
    return id;
  };

  cancel = (handle: unknown): void => {
    this.#timers = this.#timers.filter((timer) => timer.id !== handle);
  };

  get pending(): number {
    return this.#timers.length;
  }

  async advance(ms: number): Promise<void> {
    const target = this.now + ms;
    for (;;) {
      await flush();
      const due = this.#timers
        .filter((timer) => timer.at <= target)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.#timers = this.#timers.filter((timer) => timer !== due);
      this.now = due.at;
      due.fn();
    }
    this.now = target;
    await flush();
  }
}

function setup(
  overrides: Partial<PrefetchQueueOptions> & {
    current?: string;
    settle?: "at-once" | "manual";
  } = {},
) {
  const clock = new FakeClock();
  const started: Array<{ path: string; at: number }> = [];
  const settlers: Array<() => void> = [];
  let current = overrides.current ?? "/";
  const queue = new PrefetchQueue({
    prefetch: (path) => {
      started.push({ path, at: clock.now });
      if (overrides.settle === "manual") {
        return new Promise<void>((resolve) => settlers.push(resolve));
      }
      return Promise.resolve(true);
    },
    schedule: clock.schedule,
    cancel: clock.cancel,
    currentPath: () => current,
    ...overrides,
  });
  const paths = () => started.map((entry) => entry.path);
  const settleAll = () => {
    for (const settle of settlers.splice(0)) settle();
  };
  const settleFirst = () => settlers.shift()?.();
  return {
    queue,
    clock,
    started,
    paths,
    settleAll,
    settleFirst,
    navigate: (path: string) => {
      current = path;
    },
  };
}

const pages = (count: number) => Array.from({ length: count }, (_, i) => `/p${i + 1}/`);

describe("shouldPrefetch", () => {
  const desktop = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36";
  it.each([
    [{ userAgent: desktop }, true],
    [{ userAgent: desktop, effectiveType: "4g" }, true],
    [{ userAgent: desktop, effectiveType: "3g", saveData: false }, true],
    [{ userAgent: desktop, effectiveType: "2g" }, false],
    [{ userAgent: desktop, effectiveType: "slow-2g" }, false],
    [{ userAgent: desktop, saveData: true }, false],
    [{ userAgent: desktop, effectiveType: "4g", saveData: true }, false],
    [{ userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }, false],
    [{ userAgent: "Mozilla/5.0 (compatible; bingbot/2.0)" }, false],
    [{ userAgent: "SomeCrawler/1.0" }, false],
    [{ userAgent: "Baiduspider" }, false],
    [{ userAgent: "site crawling agent" }, false],
    [{ userAgent: "" }, true],
  ])("%j → %s", (conditions, expected) => {
    expect(shouldPrefetch(conditions)).toBe(expected);
  });
});

describe("PrefetchQueue timing", () => {
  it("uses the spec's batch size and interval", () => {
    expect([PREFETCH_BATCH_SIZE, PREFETCH_INTERVAL_MS]).toEqual([4, 3000]);
  });

  it("starts one interval after the first enqueue, then takes a batch every interval", async () => {
    const { queue, clock, started } = setup();
    for (const path of pages(10)) queue.enqueue(path);
    await clock.advance(PREFETCH_INTERVAL_MS - 1);
    expect(started).toEqual([]);
    await clock.advance(1);
    await clock.advance(3 * PREFETCH_INTERVAL_MS);
    expect(started).toEqual([
      ...pages(4).map((path) => ({ path, at: 3000 })),
      ...pages(8)
        .slice(4)
        .map((path) => ({ path, at: 6000 })),
      ...pages(10)
        .slice(8)
        .map((path) => ({ path, at: 9000 })),
    ]);
    expect(clock.pending).toBe(0);
  });

  it("counts from the first enqueue, not from later ones", async () => {
    const { queue, clock, started } = setup();
    queue.enqueue("/a/");
    await clock.advance(2000);
    queue.enqueue("/b/");
    await clock.advance(1000);
    expect(started).toEqual([
      { path: "/a/", at: 3000 },
      { path: "/b/", at: 3000 },
    ]);
  });

  it("waits for a batch to settle before timing the next one", async () => {
    const { queue, clock, paths, settleAll } = setup({ settle: "manual" });
    for (const path of pages(6)) queue.enqueue(path);
    await clock.advance(3000);
    expect(paths()).toEqual(pages(4));
    await clock.advance(10_000);
    expect(paths()).toEqual(pages(4));
    settleAll();
    await clock.advance(2999);
    expect(paths()).toEqual(pages(4));
    await clock.advance(1);
    expect(paths()).toEqual(pages(6));
  });

  it("stops its timer when the queue empties and waits a full interval after a new enqueue", async () => {
    const { queue, clock, started } = setup();
    queue.enqueue("/a/");
    await clock.advance(3000);
    expect(clock.pending).toBe(0);
    await clock.advance(5000);
    queue.enqueue("/b/");
    await clock.advance(2999);
    expect(started.map((entry) => entry.path)).toEqual(["/a/"]);
    await clock.advance(1);
    expect(started).toEqual([
      { path: "/a/", at: 3000 },
      { path: "/b/", at: 11_000 },
    ]);
  });

  it("honours a custom batch size and interval", async () => {
    const { queue, clock, started } = setup({ batchSize: 2, intervalMs: 500 });
    for (const path of pages(3)) queue.enqueue(path);
    await clock.advance(1000);
    expect(started).toEqual([
      { path: "/p1/", at: 500 },
      { path: "/p2/", at: 500 },
      { path: "/p3/", at: 1000 },
    ]);
  });

  it("runs each batch in idle time when it can", async () => {
    const idle: Array<() => void> = [];
    const { queue, clock, paths } = setup({ runWhenIdle: (fn) => idle.push(fn) });
    for (const path of pages(5)) queue.enqueue(path);
    await clock.advance(3000);
    expect(paths()).toEqual([]);
    expect(idle).toHaveLength(1);
    queue.enqueue("/late/");
    idle.shift()?.();
    expect(paths()).toEqual(pages(4));
    await clock.advance(3000);
    idle.shift()?.();
    expect(paths()).toEqual([...pages(5), "/late/"]);
  });

  it("keeps going when a prefetch rejects or throws", async () => {
    const clock = new FakeClock();
    const seen: string[] = [];
    const queue = new PrefetchQueue({
      prefetch: (path) => {
        seen.push(path);
        if (path === "/throws/") throw new Error("sync failure");
        return Promise.reject(new Error("network"));
      },
      schedule: clock.schedule,
      cancel: clock.cancel,
      currentPath: () => "/",
      batchSize: 1,
    });
    for (const path of ["/throws/", "/rejects/", "/third/"]) queue.enqueue(path);
    await clock.advance(9000);
    expect(seen).toEqual(["/throws/", "/rejects/", "/third/"]);
  });
});

describe("PrefetchQueue membership", () => {
  it("drops a path that left the viewport before its batch", async () => {
    const { queue, clock, paths } = setup();
    for (const path of pages(5)) queue.enqueue(path);
    queue.remove("/p2/");
    queue.remove("/p4");
    expect(queue.queued).toEqual(["/p1/", "/p3/", "/p5/"]);
    await clock.advance(3000);
    expect(paths()).toEqual(["/p1/", "/p3/", "/p5/"]);
  });

  it("cancels the timer when every queued path leaves, and restarts on the next enqueue", async () => {
    const { queue, clock, started } = setup();
    queue.enqueue("/a/");
    queue.remove("/a/");
    expect(clock.pending).toBe(0);
    await clock.advance(1000);
    queue.enqueue("/b/");
    await clock.advance(3000);
    expect(started).toEqual([{ path: "/b/", at: 4000 }]);
  });

  it("ignores removal of a path whose prefetch started", async () => {
    const { queue, clock, paths } = setup();
    queue.enqueue("/a/");
    await clock.advance(3000);
    queue.remove("/a/");
    queue.enqueue("/a/");
    await clock.advance(6000);
    expect(paths()).toEqual(["/a/"]);
  });

  it("prefetches a hovered path at once and takes it out of the queue", async () => {
    const { queue, clock, started } = setup();
    for (const path of pages(5)) queue.enqueue(path);
    await clock.advance(100);
    queue.now("/p3");
    expect(started).toEqual([{ path: "/p3/", at: 100 }]);
    expect(queue.queued).toEqual(["/p1/", "/p2/", "/p4/", "/p5/"]);
    await clock.advance(2900);
    expect(started.map((entry) => entry.path)).toEqual(["/p3/", "/p1/", "/p2/", "/p4/", "/p5/"]);
  });

  it("hovering the only queued path stops the timer", async () => {
    const { queue, clock } = setup();
    queue.enqueue("/a/");
    queue.now("/a/");
    expect(clock.pending).toBe(0);
  });

  it("never prefetches a path twice, whatever mix of enqueue and hover", async () => {
    const { queue, clock, paths } = setup();
    queue.now("/a/");
    queue.now("/a");
    queue.enqueue("/a/");
    queue.enqueue("/b/");
    queue.enqueue("/b");
    await clock.advance(3000);
    queue.now("/b/");
    queue.enqueue("/b/");
    await clock.advance(6000);
    expect(paths()).toEqual(["/a/", "/b/"]);
  });

  it("never prefetches the current page", async () => {
    const { queue, clock, paths } = setup({ current: "/here/" });
    queue.enqueue("/here");
    expect(clock.pending).toBe(0);
    queue.now("/here/");
    await clock.advance(3000);
    expect(paths()).toEqual([]);
  });

  it("skips a queued path that became the current page, without shrinking the batch", async () => {
    const { queue, clock, paths, navigate } = setup();
    for (const path of pages(6)) queue.enqueue(path);
    navigate("/p2/");
    await clock.advance(3000);
    expect(paths()).toEqual(["/p1/", "/p3/", "/p4/", "/p5/"]);
    await clock.advance(3000);
    expect(paths()).toEqual(["/p1/", "/p3/", "/p4/", "/p5/", "/p6/"]);
  });

  it("dispose stops the timer and forgets the queue", async () => {
    const { queue, clock, paths } = setup();
    for (const path of pages(3)) queue.enqueue(path);
    queue.dispose();
    expect(clock.pending).toBe(0);
    await clock.advance(10_000);
    expect(paths()).toEqual([]);
  });

  it("a dispose during a batch leaves no stray timer behind, even after a fresh start", async () => {
    const { queue, clock, paths, settleAll } = setup({ settle: "manual", batchSize: 1 });
    for (const path of pages(3)) queue.enqueue(path);
    await clock.advance(3000);
    queue.dispose();
    queue.enqueue("/fresh/");
    settleAll();
    await clock.advance(0);
    expect(clock.pending).toBe(1);
    await clock.advance(3000);
    expect(paths()).toEqual(["/p1/", "/fresh/"]);
    expect(clock.pending).toBe(0);
  });

  it("a batch from before a dispose does not start a second cycle next to the new one", async () => {
    const { queue, clock, paths, settleFirst } = setup({ settle: "manual", batchSize: 1 });
    for (const path of pages(3)) queue.enqueue(path);
    await clock.advance(3000);
    queue.dispose();
    queue.enqueue("/f1/");
    queue.enqueue("/f2/");
    await clock.advance(3000);
    expect(paths()).toEqual(["/p1/", "/f1/"]);
    settleFirst(); // the old /p1/ batch
    await clock.advance(0);
    expect(clock.pending).toBe(0);
    settleFirst(); // the current /f1/ batch
    await clock.advance(0);
    expect(clock.pending).toBe(1);
  });

  it("an idle callback from before a dispose does not run the new queue early", async () => {
    const idle: Array<() => void> = [];
    const { queue, clock, paths } = setup({ runWhenIdle: (fn) => idle.push(fn) });
    queue.enqueue("/a/");
    await clock.advance(3000);
    queue.dispose();
    queue.enqueue("/b/");
    idle.shift()?.();
    expect(paths()).toEqual([]);
    await clock.advance(3000);
    idle.shift()?.();
    expect(paths()).toEqual(["/b/"]);
  });

  it("an idle callback from before a dispose does nothing while the new cycle awaits idle time", async () => {
    const idle: Array<() => void> = [];
    const { queue, clock, paths } = setup({ runWhenIdle: (fn) => idle.push(fn), batchSize: 1 });
    queue.enqueue("/a/");
    await clock.advance(3000);
    queue.dispose();
    for (const path of ["/b/", "/c/"]) queue.enqueue(path);
    await clock.advance(3000);
    const [stale, current] = idle.splice(0);
    stale?.();
    expect(paths()).toEqual([]);
    current?.();
    expect(paths()).toEqual(["/b/"]);
    await clock.advance(3000);
    for (const fn of idle.splice(0)) fn();
    expect(paths()).toEqual(["/b/", "/c/"]);
  });
});

/** Stands in for the browser's IntersectionObserver; tests report entries by hand. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  readonly callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void;

  constructor(callback: FakeIntersectionObserver["callback"]) {
    this.callback = callback;
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.observed.add(target);
  }

  unobserve(target: Element) {
    this.observed.delete(target);
  }

  report(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting }]);
  }
}

function browserSetup(overrides: Partial<BrowserPrefetchEnv> = {}) {
  FakeIntersectionObserver.instances = [];
  const clock = new FakeClock();
  const prefetched: string[] = [];
  const idle: Array<() => void> = [];
  const loader = {
    prefetch: async (path: string) => {
      prefetched.push(path);
      return true;
    },
    resolve: (path: string) =>
      path.startsWith("/app/") ? "/app/" : path.endsWith("/") ? path : `${path}/`,
  };
  const env: BrowserPrefetchEnv = {
    IntersectionObserver: FakeIntersectionObserver as unknown as typeof IntersectionObserver,
    connection: { effectiveType: "4g", saveData: false },
    userAgent: "Mozilla/5.0 Chrome/140.0",
    requestIdleCallback: (fn) => idle.push(fn),
    setTimeout: clock.schedule,
    clearTimeout: clock.cancel,
    currentPath: () => "/",
    ...overrides,
  };
  const prefetcher = createBrowserPrefetcher(loader, env);
  const anchor = (name: string) => ({ name }) as unknown as HTMLAnchorElement;
  const observer = () => FakeIntersectionObserver.instances[0];
  const runIdle = () => {
    for (const fn of idle.splice(0)) fn();
  };
  return { prefetcher, prefetched, clock, env, anchor, observer, runIdle };
}

describe("createBrowserPrefetcher", () => {
  it("queues visible links and prefetches them in idle time after the interval", async () => {
    const { prefetcher, prefetched, clock, anchor, observer, runIdle } = browserSetup();
    const link = anchor("pricing");
    prefetcher.observe(link, "/pricing");
    observer()?.report(link, true);
    await clock.advance(PREFETCH_INTERVAL_MS);
    expect(prefetched).toEqual([]);
    runIdle();
    expect(prefetched).toEqual(["/pricing/"]);
  });

  it("forgets links that leave the viewport or stop being observed", async () => {
    const { prefetcher, prefetched, clock, anchor, observer, runIdle } = browserSetup();
    const left = anchor("left");
    const gone = anchor("gone");
    prefetcher.observe(left, "/left/");
    const stop = prefetcher.observe(gone, "/gone/");
    observer()?.report(left, true);
    observer()?.report(gone, true);
    observer()?.report(left, false);
    stop();
    expect(observer()?.observed.has(gone)).toBe(false);
    observer()?.report(gone, true);
    await clock.advance(PREFETCH_INTERVAL_MS);
    runIdle();
    expect(prefetched).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it("keeps a path queued while another link to it is in view", async () => {
    const { prefetcher, prefetched, clock, anchor, observer, runIdle } = browserSetup();
    const header = anchor("header");
    const body = anchor("body");
    const footer = anchor("footer");
    prefetcher.observe(header, "/pricing");
    prefetcher.observe(body, "/pricing/");
    const stopFooter = prefetcher.observe(footer, "/pricing/");
    for (const link of [header, body, footer]) observer()?.report(link, true);
    observer()?.report(body, false);
    stopFooter();
    await clock.advance(PREFETCH_INTERVAL_MS);
    runIdle();
    expect(prefetched).toEqual(["/pricing/"]);
  });

  it("drops a path once the last link to it has left the viewport", async () => {
    const { prefetcher, prefetched, clock, anchor, observer, runIdle } = browserSetup();
    const header = anchor("header");
    const body = anchor("body");
    prefetcher.observe(header, "/pricing/");
    const stopBody = prefetcher.observe(body, "/pricing/");
    observer()?.report(header, true);
    observer()?.report(body, true);
    observer()?.report(header, false);
    stopBody();
    await clock.advance(PREFETCH_INTERVAL_MS);
    runIdle();
    expect(prefetched).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it("prefetches on hover at once", () => {
    const { prefetcher, prefetched } = browserSetup();
    prefetcher.hover("/demo");
    expect(prefetched).toEqual(["/demo/"]);
  });

  it("falls back to a zero-delay timer without requestIdleCallback", async () => {
    const clock = new FakeClock();
    const delays: number[] = [];
    const { prefetcher, prefetched, anchor, observer } = browserSetup({
      requestIdleCallback: undefined,
      setTimeout: (fn, ms) => {
        delays.push(ms);
        return clock.schedule(fn, ms);
      },
      clearTimeout: clock.cancel,
    });
    const link = anchor("a");
    prefetcher.observe(link, "/a/");
    observer()?.report(link, true);
    await clock.advance(PREFETCH_INTERVAL_MS);
    expect(prefetched).toEqual(["/a/"]);
    expect(delays).toEqual([PREFETCH_INTERVAL_MS, 0]);
  });

  it("compares paths the way the loader resolves them", () => {
    const { prefetcher, prefetched } = browserSetup({ currentPath: () => "/app/inbox" });
    // The fake loader below maps every /app/… path to one client-only page.
    prefetcher.hover("/app/settings");
    expect(prefetched).toEqual([]);
  });

  it("a hover refused on a poor connection is honoured once it recovers", () => {
    const connection = { effectiveType: "4g" };
    const { prefetcher, prefetched } = browserSetup({ connection });
    connection.effectiveType = "2g";
    prefetcher.hover("/b/");
    expect(prefetched).toEqual([]);
    connection.effectiveType = "4g";
    prefetcher.hover("/b/");
    expect(prefetched).toEqual(["/b/"]);
  });

  it("still prefetches on hover where IntersectionObserver is missing", () => {
    const { prefetcher, prefetched, anchor } = browserSetup({ IntersectionObserver: undefined });
    expect(() => prefetcher.observe(anchor("a"), "/a/")()).not.toThrow();
    prefetcher.hover("/b/");
    expect(prefetched).toEqual(["/b/"]);
  });

  it.each([
    ["on 2g", { connection: { effectiveType: "2g" } }],
    ["with data saving", { connection: { saveData: true } }],
    ["for a crawler", { userAgent: "Googlebot/2.1" }],
  ] satisfies Array<[string, Partial<BrowserPrefetchEnv>]>)(
    "does nothing at all %s",
    async (_name, overrides) => {
      const { prefetcher, prefetched, clock, anchor } = browserSetup(overrides);
      expect(FakeIntersectionObserver.instances).toEqual([]);
      prefetcher.observe(anchor("a"), "/a/");
      prefetcher.hover("/b/");
      await clock.advance(10_000);
      expect(prefetched).toEqual([]);
      expect(clock.pending).toBe(0);
    },
  );

  it("stops prefetching when the connection degrades after start", async () => {
    const connection = { effectiveType: "4g", saveData: false };
    const { prefetcher, prefetched, clock, anchor, observer, runIdle } = browserSetup({
      connection,
    });
    const link = anchor("a");
    prefetcher.observe(link, "/a/");
    observer()?.report(link, true);
    connection.effectiveType = "slow-2g";
    prefetcher.hover("/b/");
    await clock.advance(PREFETCH_INTERVAL_MS);
    runIdle();
    expect(prefetched).toEqual([]);
  });

  it("never prefetches the page being shown", () => {
    const { prefetcher, prefetched } = browserSetup({ currentPath: () => "/demo" });
    prefetcher.hover("/demo/");
    expect(prefetched).toEqual([]);
  });
});
