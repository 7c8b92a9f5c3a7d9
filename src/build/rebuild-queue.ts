/**
 * When a watching build (watch-build.ts) rebuilds: once the changes have settled, one build at
 * a time, and once more after a build during which something changed, so the output always
 * ends up built from the content as it was last saved. An editor's save is often several file
 * events (a temporary file written, then renamed over the post), and a search-and-replace
 * across posts is hundreds: each burst is one build, not one per event.
 *
 * Pure scheduling: the build itself and the timers are given, so the policy is tested without
 * files or a clock.
 */

export interface RebuildQueueOptions {
  /** How long the content must be quiet before a build starts (ms). */
  settleMs: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface RebuildQueue {
  /** Something in the content changed: a build follows once changes have settled. */
  changed(): void;
  /** Settles once no build is running or waiting (at once when none is). */
  idle(): Promise<void>;
  /** No build starts after this; settles once the running one, if any, has finished. */
  stop(): Promise<void>;
}

export function createRebuildQueue(
  build: () => Promise<void>,
  {
    settleMs,
    setTimer = (run, ms) => setTimeout(run, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  }: RebuildQueueOptions,
): RebuildQueue {
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  // A change arrived while a build ran: that build read the content before it, or half of it.
  let changedDuringBuild = false;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (timer !== null || running !== null) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  };

  const start = () => {
    timer = null;
    if (stopped) return settleIdle();
    changedDuringBuild = false;
    // The build reports its own failures (watch-build.ts); a rejection here must not stop the
    // queue, or one broken save would end the watching.
    running = build().catch(() => {});
    running.then(() => {
      running = null;
      if (changedDuringBuild && !stopped) schedule();
      else settleIdle();
    });
  };

  const schedule = () => {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(start, settleMs);
  };

  return {
    changed() {
      if (stopped) return;
      if (running !== null) {
        changedDuringBuild = true;
        return;
      }
      schedule();
    },
    idle() {
      if (timer === null && running === null) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      if (timer !== null) {
        clearTimer(timer);
        timer = null;
      }
      await running;
      settleIdle();
    },
  };
}
