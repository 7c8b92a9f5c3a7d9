import { describe, expect, it } from "vitest";
import { Pacer, type PacerOptions } from "./pacer.ts";

/** A manual clock: sleeping advances it, so waits are exact and instant. */
function manualClock() {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
    slept,
  };
}

/** A pacer on a manual clock of its own: the clock to advance, the pacer to ask. */
function pacedBy(options: Omit<PacerOptions, "now" | "sleep">) {
  const clock = manualClock();
  return { clock, pacer: new Pacer({ ...options, now: clock.now, sleep: clock.sleep }) };
}

describe("Pacer", () => {
  it("never lets more than maxPer10s + burst requests into any 10 s window", async () => {
    const { clock, pacer } = pacedBy({ maxPer10s: 40 });
    const sent: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      await pacer.take();
      sent.push(clock.now());
    }
    for (const [index, at] of sent.entries()) {
      const inWindow = sent.slice(index).filter((t) => t < at + 10_000).length;
      expect(inWindow).toBeLessThanOrEqual(44);
    }
    // 200 requests at 4/s after a burst of 4: about 49 s.
    expect((sent.at(-1) ?? 0) - (sent[0] ?? 0)).toBeGreaterThanOrEqual(49_000);
  });

  it("a 429 pauses everyone for a window, doubling on repeats up to the cap, reset by a success", async () => {
    const { clock, pacer } = pacedBy({ maxPer10s: 40, pauseMs: 10_000, maxPauseMs: 60_000 });
    pacer.rateLimited(null);
    expect(pacer.waitMs()).toBe(10_000);
    expect(pacer.available()).toBe(0);
    clock.advance(10_000);
    pacer.rateLimited(null);
    expect(pacer.waitMs()).toBe(20_000);
    clock.advance(20_000);
    pacer.rateLimited(null);
    expect(pacer.waitMs()).toBe(40_000);
    clock.advance(40_000);
    pacer.rateLimited(null);
    expect(pacer.waitMs()).toBe(60_000);
    clock.advance(60_000);
    pacer.succeeded();
    pacer.rateLimited(null);
    expect(pacer.waitMs()).toBe(10_000);
  });

  it("a Retry-After longer than the pause wins", () => {
    const { pacer } = pacedBy({ maxPer10s: 40, pauseMs: 1_000 });
    pacer.rateLimited(30_000);
    expect(pacer.waitMs()).toBe(30_000);
  });

  it("no Retry-After pauses longer than the longest pause: one answer cannot stop delivery for days", () => {
    const { clock, pacer } = pacedBy({ maxPer10s: 40, pauseMs: 1_000, maxPauseMs: 60_000 });
    for (const retryAfterMs of [86_400_000, 2_592_000_000, Number.POSITIVE_INFINITY]) {
      // The pause ends 60 s from now: what the pacer answers and what it makes senders wait.
      expect(pacer.rateLimited(retryAfterMs)).toBe(60_000);
      expect(pacer.waitMs()).toBe(60_000);
      clock.advance(60_000);
    }
  });

  it("answers how long it pauses, from its own reading of the clock, never past the longest pause", () => {
    const { clock, pacer } = pacedBy({ maxPer10s: 40, pauseMs: 1_000, maxPauseMs: 60_000 });
    expect(pacer.rateLimited(2_592_000_000)).toBe(60_000);
    // A second 429 soon after: the pause already running is what is left of it.
    clock.advance(15_000);
    expect(pacer.rateLimited(null)).toBe(45_000);
    expect(pacer.rateLimited(null)).toBe(pacer.waitMs());
  });

  it("take gives up without a token when its signal aborts", async () => {
    const { pacer } = pacedBy({ maxPer10s: 10 });
    pacer.rateLimited(null);
    const controller = new AbortController();
    controller.abort();
    expect(await pacer.take(controller.signal)).toBe(false);
  });
});
