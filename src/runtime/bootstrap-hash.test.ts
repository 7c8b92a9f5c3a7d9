import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppData } from "../protocol/index.ts";
import {
  browserSessionFlagStorage,
  checkBuildHashOnFirstLoad,
  decideFirstLoadReload,
  type FlagStorage,
  oncePerLoad,
} from "./bootstrap-hash.ts";
import { BUILD_HASH_RELOAD_FLAG } from "./constants.ts";

/** A working sessionStorage stand-in; `broken` names the calls that throw like a blocked one. */
function memoryStorage(
  initial: Record<string, string> = {},
  broken: Array<"get" | "set" | "remove"> = [],
) {
  const items = new Map(Object.entries(initial));
  const fail = (call: "get" | "set" | "remove") => {
    if (broken.includes(call))
      throw new DOMException("The operation is insecure.", "SecurityError");
  };
  const storage: FlagStorage = {
    get: (key) => {
      fail("get");
      return items.get(key) ?? null;
    },
    set: (key, value) => {
      fail("set");
      items.set(key, value);
    },
    remove: (key) => {
      fail("remove");
      items.delete(key);
    },
  };
  return { storage, items };
}

const FLAGGED = { [BUILD_HASH_RELOAD_FLAG]: "1" };

describe("decideFirstLoadReload", () => {
  it.each([
    ["hashes equal, no flag", "a", "a", {}, "continue", false],
    ["hashes equal, flag left from a reload", "a", "a", FLAGGED, "continue", false],
    ["hashes differ, no flag", "a", "b", {}, "reload", true],
    ["hashes differ, already reloaded once", "a", "b", FLAGGED, "continue", false],
    ["no fetched hash", "a", undefined, FLAGGED, "continue", false],
    ["null fetched hash", "a", null, {}, "continue", false],
    ["empty fetched hash", "a", "", {}, "continue", false],
  ] as const)("%s → %s", (_name, htmlHash, fetchedHash, initial, expected, flagAfter) => {
    const { storage, items } = memoryStorage({ ...initial });
    expect(decideFirstLoadReload({ htmlHash, fetchedHash, storage })).toBe(expected);
    expect(items.get(BUILD_HASH_RELOAD_FLAG) === "1").toBe(flagAfter);
  });

  it.each([
    ["every call throws", ["get", "set", "remove"]],
    ["reading throws", ["get"]],
    ["writing throws", ["set"]],
  ] as const)("does not reload when %s: nothing could stop a loop", (_name, broken) => {
    const { storage } = memoryStorage({}, [...broken]);
    expect(decideFirstLoadReload({ htmlHash: "a", fetchedHash: "b", storage })).toBe("continue");
  });

  it("does not reload when the flag silently fails to stick", () => {
    const forgetful: FlagStorage = { get: () => null, set: () => {}, remove: () => {} };
    expect(decideFirstLoadReload({ htmlHash: "a", fetchedHash: "b", storage: forgetful })).toBe(
      "continue",
    );
  });

  it("tolerates a storage whose removal throws", () => {
    const { storage } = memoryStorage(FLAGGED, ["remove"]);
    expect(decideFirstLoadReload({ htmlHash: "a", fetchedHash: "a", storage })).toBe("continue");
  });

  it("never reloads twice in a row, whatever the deploys and storage do (property)", () => {
    const load = fc.record({
      htmlHash: fc.constantFrom("a", "b"),
      fetchedHash: fc.option(fc.constantFrom("a", "b", ""), { nil: undefined }),
      broken: fc.subarray(["get", "set", "remove"] as const),
    });
    fc.assert(
      fc.property(fc.array(load, { minLength: 1, maxLength: 12 }), (loads) => {
        // One tab's session: storage persists across its loads, its failures vary per load.
        const items = new Map<string, string>();
        let previous = "continue";
        for (const { htmlHash, fetchedHash, broken } of loads) {
          const storage: FlagStorage = {
            get: (key) => {
              if (broken.includes("get")) throw new Error("blocked");
              return items.get(key) ?? null;
            },
            set: (key, value) => {
              if (broken.includes("set")) throw new Error("blocked");
              items.set(key, value);
            },
            remove: (key) => {
              if (broken.includes("remove")) throw new Error("blocked");
              items.delete(key);
            },
          };
          const decision = decideFirstLoadReload({ htmlHash, fetchedHash, storage });
          expect(previous === "reload" && decision === "reload").toBe(false);
          previous = decision;
        }
      }),
    );
  });

  it("reloads again on a later visit after a clean load in between", () => {
    const { storage } = memoryStorage();
    const load = (fetchedHash: string) =>
      decideFirstLoadReload({ htmlHash: "old", fetchedHash, storage });
    expect([load("new"), load("new"), load("new")]).toEqual(["reload", "continue", "reload"]);
  });
});

describe("checkBuildHashOnFirstLoad", () => {
  const answering = (appData: unknown) => () => Promise.resolve(appData as AppData);

  it("reloads once when the deployed build differs", async () => {
    const { storage, items } = memoryStorage();
    const reload = vi.fn();
    const decision = await checkBuildHashOnFirstLoad("old", {
      fetchAppData: answering({ compilationHash: "new" }),
      storage,
      reload,
    });
    expect(decision).toBe("reload");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(items.get(BUILD_HASH_RELOAD_FLAG)).toBe("1");
  });

  it("continues when the builds match, clearing the flag", async () => {
    const { storage, items } = memoryStorage({ ...FLAGGED });
    const reload = vi.fn();
    const decision = await checkBuildHashOnFirstLoad("same", {
      fetchAppData: answering({ compilationHash: "same" }),
      storage,
      reload,
    });
    expect(decision).toBe("continue");
    expect(reload).not.toHaveBeenCalled();
    expect(items.has(BUILD_HASH_RELOAD_FLAG)).toBe(false);
  });

  it.each([
    ["the fetch rejects", () => Promise.reject(new TypeError("Failed to fetch"))],
    [
      "the fetch throws",
      () => {
        throw new Error("sync");
      },
    ],
    ["the answer is null", answering(null)],
    ["the answer has no hash", answering({})],
    ["the hash is not a string", answering({ compilationHash: 42 })],
  ])("continues without reloading when %s", async (_name, fetchAppData) => {
    const { storage } = memoryStorage();
    const reload = vi.fn();
    const decision = await checkBuildHashOnFirstLoad("old", {
      fetchAppData: fetchAppData as () => Promise<AppData>,
      storage,
      reload,
    });
    expect(decision).toBe("continue");
    expect(reload).not.toHaveBeenCalled();
  });

  it("never throws, even when reloading itself throws", async () => {
    const { storage } = memoryStorage();
    const decision = await checkBuildHashOnFirstLoad("old", {
      fetchAppData: answering({ compilationHash: "new" }),
      storage,
      reload: () => {
        throw new Error("navigation blocked");
      },
    });
    expect(decision).toBe("continue");
  });
});

describe("oncePerLoad(checkBuildHashOnFirstLoad)", () => {
  /** app-data.json answering only when told to, like a slow network; counts its requests. */
  function slowAppData(compilationHash: string) {
    let answer: () => void = () => {};
    const fetchAppData = vi.fn(
      () =>
        new Promise<AppData>((resolve) => {
          answer = () => resolve({ compilationHash } as AppData);
        }),
    );
    return { fetchAppData, answer: () => answer() };
  }

  it("two callers during one slow fetch: one fetch, one reload, the flag still set", async () => {
    const { storage, items } = memoryStorage();
    const { fetchAppData, answer } = slowAppData("new");
    const reload = vi.fn();
    const check = oncePerLoad(checkBuildHashOnFirstLoad);
    // The client engine starting, then boot.tsx after the first page's chunk failed.
    const first = check("old", { fetchAppData, storage, reload });
    const second = check("old", { fetchAppData, storage, reload });
    answer();
    expect(await Promise.all([first, second])).toEqual(["reload", "reload"]);
    expect(fetchAppData).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(items.get(BUILD_HASH_RELOAD_FLAG)).toBe("1");
  });

  it("why: two unguarded checks side by side clear the flag the reload relies on", async () => {
    const { storage, items } = memoryStorage();
    const first = slowAppData("new");
    const second = slowAppData("new");
    const reload = vi.fn();
    const checks = [
      checkBuildHashOnFirstLoad("old", { fetchAppData: first.fetchAppData, storage, reload }),
      checkBuildHashOnFirstLoad("old", { fetchAppData: second.fetchAppData, storage, reload }),
    ];
    first.answer();
    second.answer(); // Before the reload has unloaded the page.
    expect(await Promise.all(checks)).toEqual(["reload", "continue"]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(items.has(BUILD_HASH_RELOAD_FLAG)).toBe(false);
  });

  it("a later caller on a reloaded stale page gets 'continue', not a second reload", async () => {
    const { storage } = memoryStorage({ ...FLAGGED });
    const reload = vi.fn();
    const fetchAppData = vi.fn(() => Promise.resolve({ compilationHash: "new" } as AppData));
    const check = oncePerLoad(checkBuildHashOnFirstLoad);
    expect(await check("old", { fetchAppData, storage, reload })).toBe("continue");
    // The stale page's chunk fails next: checking again would find the flag cleared and reload.
    expect(await check("old", { fetchAppData, storage, reload })).toBe("continue");
    expect(fetchAppData).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("browserSessionFlagStorage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads and writes sessionStorage", () => {
    const items = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    const storage = browserSessionFlagStorage();
    expect(decideFirstLoadReload({ htmlHash: "a", fetchedHash: "b", storage })).toBe("reload");
    expect(items.get(BUILD_HASH_RELOAD_FLAG)).toBe("1");
    expect(decideFirstLoadReload({ htmlHash: "a", fetchedHash: "b", storage })).toBe("continue");
    expect(items.has(BUILD_HASH_RELOAD_FLAG)).toBe(false);
  });

  it("turns a sessionStorage that cannot even be touched into 'continue'", () => {
    const blocked = {};
    Object.defineProperty(blocked, "getItem", {
      get() {
        throw new DOMException("Access is denied", "SecurityError");
      },
    });
    vi.stubGlobal("sessionStorage", blocked);
    const storage = browserSessionFlagStorage();
    expect(decideFirstLoadReload({ htmlHash: "a", fetchedHash: "b", storage })).toBe("continue");
  });
});
