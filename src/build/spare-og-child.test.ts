/**
 * The store of a warm card child between builds: which child a build gets back, and which are
 * stopped. Children here are plain objects with the child's interface (the real processes are
 * exercised by watch-build.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { WaitingOgChild } from "../images/node.ts";
import { createSpareOgChild } from "./spare-og-child.ts";

function child(pid: number) {
  let state: "waiting" | "sent" | "discarded" | "exited" = "waiting";
  const made: WaitingOgChild & { state: () => string; exit: () => void } = {
    pid,
    send: () => {
      state = "sent";
      return Promise.resolve(1);
    },
    discard: () => {
      if (state === "waiting") state = "discarded";
    },
    get waiting() {
      return state === "waiting";
    },
    state: () => state,
    exit: () => {
      state = "exited";
    },
  };
  return made;
}

describe("a spare card child", () => {
  it("is handed to the next build with the same card fields, once", () => {
    const spare = createSpareOgChild();
    const warm = child(1);
    spare.keep("harbor", warm);
    expect(spare.pid).toBe(1);
    expect(spare.take("harbor")).toBe(warm);
    expect(spare.pid).toBeUndefined();
    expect(spare.take("harbor")).toBeUndefined();
    expect(warm.state()).toBe("waiting");
  });

  it("is stopped, not handed over, when the next build's card fields differ", () => {
    const spare = createSpareOgChild();
    const warm = child(1);
    spare.keep("harbor", warm);
    expect(spare.take("renamed")).toBeUndefined();
    expect(warm.state()).toBe("discarded");
    expect(spare.pid).toBeUndefined();
  });

  it("is not handed over once it has exited", () => {
    const spare = createSpareOgChild();
    const warm = child(1);
    spare.keep("harbor", warm);
    warm.exit();
    expect(spare.take("harbor")).toBeUndefined();
    expect(spare.pid).toBeUndefined();
  });

  it("replaces the one kept before, stopping it, but keeps the same child given back", () => {
    const spare = createSpareOgChild();
    const first = child(1);
    const second = child(2);
    spare.keep("harbor", first);
    spare.keep("harbor", first);
    expect(first.state()).toBe("waiting");
    spare.keep("harbor", second);
    expect(first.state()).toBe("discarded");
    expect(spare.pid).toBe(2);
    spare.discard();
    expect(second.state()).toBe("discarded");
    expect(spare.pid).toBeUndefined();
  });
});
