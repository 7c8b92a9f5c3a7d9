import { afterEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "./worker.ts";

describe("systemClock.sleep", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // Node fires a longer timer after 1 ms (with a TimeoutOverflowWarning): a long wait would
  // turn into a busy loop. Cut short instead, the caller looks again and sleeps again.
  it.each([2 ** 31, 2_592_000_000, Number.MAX_SAFE_INTEGER])(
    "never hands setTimeout more than 2^31 - 1 ms (asked %d)",
    async (ms) => {
      const timers = vi.spyOn(globalThis, "setTimeout");
      const controller = new AbortController();
      const sleeping = systemClock.sleep(ms, controller.signal);
      expect(timers.mock.calls.map((call) => call[1])).toEqual([2 ** 31 - 1]);
      controller.abort();
      await sleeping;
    },
  );

  it("sleeps as asked below that", async () => {
    const timers = vi.spyOn(globalThis, "setTimeout");
    const sleeping = systemClock.sleep(5);
    expect(timers.mock.calls.map((call) => call[1])).toEqual([5]);
    await sleeping;
  });
});
