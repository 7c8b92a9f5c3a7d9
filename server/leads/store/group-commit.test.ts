import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit.ts";

describe("GroupCommit", () => {
  it("batches concurrent submissions into one run and resolves each after it", async () => {
    const batches: number[][] = [];
    let committed = false;
    const group = new GroupCommit<number, string>({
      run: async (items) => {
        batches.push(items);
        await new Promise((r) => setTimeout(r, 5));
        committed = true;
        return items.map((n) => `ok ${n}`);
      },
      maxWaitMs: 2,
      maxBatch: 100,
      maxConcurrent: 1,
    });
    const results = await Promise.all(
      [1, 2, 3].map((n) => group.submit(n).then((value) => [value, committed] as const)),
    );
    expect(batches).toEqual([[1, 2, 3]]);
    expect(results).toEqual([
      ["ok 1", true],
      ["ok 2", true],
      ["ok 3", true],
    ]);
  });

  it("a failed batch rejects every caller in it; a per-item Error rejects that caller alone", async () => {
    let call = 0;
    const group = new GroupCommit<number, number>({
      run: async (items) => {
        call += 1;
        if (call === 1) throw new Error("COMMIT failed");
        return items.map((n) => (n === 5 ? new Error("bad item") : n));
      },
      maxWaitMs: 1,
      maxBatch: 100,
      maxConcurrent: 1,
    });
    const first = await Promise.allSettled([group.submit(1), group.submit(2)]);
    expect(first.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const second = await Promise.allSettled([group.submit(4), group.submit(5)]);
    expect(second.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
  });

  it("starts at once when maxBatch are queued, splits bigger bursts, and drain waits for all", async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>({
      run: async (items) => {
        sizes.push(items.length);
        return items;
      },
      maxWaitMs: 10_000,
      maxBatch: 4,
      maxConcurrent: 1,
    });
    const all = Array.from({ length: 10 }, (_, n) => group.submit(n));
    await group.drain();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it("runs a batch again item by item when its error may be one item's, so that item fails alone", async () => {
    const batches: number[][] = [];
    const refused = Object.assign(new Error("invalid input"), { code: "22P05" });
    const group = new GroupCommit<number, number>({
      run: async (items) => {
        batches.push(items);
        if (items.includes(13)) throw refused;
        return items;
      },
      maxWaitMs: 1,
      maxBatch: 100,
      maxConcurrent: 1,
      isItemFault: (error) => (error as { code?: string }).code === "22P05",
    });
    const results = await Promise.allSettled([12, 13, 14].map((n) => group.submit(n)));
    expect(results).toEqual([
      { status: "fulfilled", value: 12 },
      { status: "rejected", reason: refused },
      { status: "fulfilled", value: 14 },
    ]);
    expect(batches).toEqual([[12, 13, 14], [12], [13], [14]]);
    // An error that is the database's, not an item's, still fails the batch once.
    const down = new GroupCommit<number, number>({
      run: async () => {
        throw new Error("connection terminated");
      },
      maxWaitMs: 1,
      maxBatch: 100,
      maxConcurrent: 1,
      isItemFault: () => false,
    });
    const failed = await Promise.allSettled([1, 2].map((n) => down.submit(n)));
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
