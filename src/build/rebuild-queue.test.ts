import { describe, expect, it } from "vitest";
import { createRebuildQueue } from "./rebuild-queue.ts";

/** Timers run by hand: `elapse(ms)` fires those that are due. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  return {
    setTimer: (run: () => void, ms: number) => {
      nextId += 1;
      timers.push({ at: now + ms, run, id: nextId });
      return nextId;
    },
    clearTimer: (id: unknown) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    elapse(ms: number) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
    },
    get pending() {
      return timers.length;
    },
  };
}

/** A build that runs until the test finishes it. */
function controlledBuilds() {
  const finishers: (() => void)[] = [];
  return {
    build: () => new Promise<void>((resolve) => finishers.push(resolve)),
    get started() {
      return finishers.length;
    },
    finish(index: number) {
      finishers[index]?.();
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("the rebuild queue", () => {
  it("builds once a burst of changes has settled, not once per change", async () => {
    const clock = manualClock();
    const builds = controlledBuilds();
    const queue = createRebuildQueue(builds.build, { settleMs: 50, ...clock });
    queue.changed();
    clock.elapse(30);
    queue.changed();
    clock.elapse(30);
    queue.changed();
    clock.elapse(49);
    expect(builds.started).toBe(0);
    clock.elapse(1);
    expect(builds.started).toBe(1);
  });

  it("builds once more after a build during which the content changed, one build at a time", async () => {
    const clock = manualClock();
    const builds = controlledBuilds();
    const queue = createRebuildQueue(builds.build, { settleMs: 50, ...clock });
    queue.changed();
    clock.elapse(50);
    expect(builds.started).toBe(1);
    // Two saves while the first build runs: no second build alongside it.
    queue.changed();
    queue.changed();
    clock.elapse(500);
    expect(builds.started).toBe(1);
    builds.finish(0);
    await flush();
    // One more build, once the changes have settled again.
    expect(builds.started).toBe(1);
    clock.elapse(50);
    expect(builds.started).toBe(2);
    builds.finish(1);
    await flush();
    clock.elapse(500);
    expect(builds.started).toBe(2);
    await queue.idle();
  });

  it("does not build again after a build during which nothing changed", async () => {
    const clock = manualClock();
    const builds = controlledBuilds();
    const queue = createRebuildQueue(builds.build, { settleMs: 10, ...clock });
    queue.changed();
    clock.elapse(10);
    builds.finish(0);
    await queue.idle();
    expect(clock.pending).toBe(0);
    expect(builds.started).toBe(1);
  });

  it("keeps watching after a build that failed", async () => {
    const clock = manualClock();
    let calls = 0;
    const queue = createRebuildQueue(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("a broken post");
      },
      { settleMs: 10, ...clock },
    );
    queue.changed();
    clock.elapse(10);
    await queue.idle();
    queue.changed();
    clock.elapse(10);
    await queue.idle();
    expect(calls).toBe(2);
  });

  it("starts nothing once stopped, and stopping waits for the running build", async () => {
    const clock = manualClock();
    const builds = controlledBuilds();
    const queue = createRebuildQueue(builds.build, { settleMs: 10, ...clock });
    queue.changed();
    clock.elapse(10);
    queue.changed();
    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    await flush();
    expect(stopped).toBe(false);
    builds.finish(0);
    await stopping;
    queue.changed();
    clock.elapse(1000);
    expect(builds.started).toBe(1);
    expect(clock.pending).toBe(0);
  });
});
