import { describe, expect, it } from "vitest";
import { MAX_RESTARTS, nextRestart, RESTART_WINDOW_MS, workerEnv } from "./cluster.ts";

describe("nextRestart", () => {
  it("allows restarts until MAX_RESTARTS fall within the window", () => {
    let recent: number[] = [];
    for (let i = 0; i < MAX_RESTARTS; i++) {
      const decision = nextRestart(recent, 1_000 + i);
      expect(decision.allowed).toBe(true);
      recent = decision.recent;
    }
    expect(nextRestart(recent, 1_000 + MAX_RESTARTS).allowed).toBe(false);
  });

  it("forgets restarts older than the window", () => {
    const old = Array.from({ length: MAX_RESTARTS }, (_, i) => i);
    const now = RESTART_WINDOW_MS + 2;
    const decision = nextRestart(old, now);
    expect(decision.allowed).toBe(true);
    // Restarts at 0, 1 and 2 are a full window old by now.
    expect(decision.recent).toEqual([...old.slice(3), now]);
  });
});

describe("workerEnv", () => {
  it("runs the delivery worker in the first process only, and nowhere when it is off", () => {
    expect(workerEnv(0, true)).toEqual({ DELIVERY_WORKER: "1" });
    expect(workerEnv(1, true)).toEqual({ DELIVERY_WORKER: "0" });
    expect(workerEnv(0, false)).toEqual({ DELIVERY_WORKER: "0" });
  });
});
