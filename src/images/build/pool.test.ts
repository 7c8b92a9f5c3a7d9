import { describe, expect, it } from "vitest";
import { createLimiter } from "./pool.ts";

/** A promise and the functions that settle it, for work the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("createLimiter", () => {
  it("runs at most `limit` at once, the rest in the order asked, and answers each with its own result", async () => {
    const run = createLimiter(2);
    const gates = [deferred<string>(), deferred<string>(), deferred<string>(), deferred<string>()];
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      run(() => {
        started.push(index);
        return gate.promise;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);

    gates[1]?.resolve("one");
    await settle();
    expect(started).toEqual([0, 1, 2]);

    gates[0]?.resolve("zero");
    gates[2]?.resolve("two");
    gates[3]?.resolve("three");
    expect(await Promise.all(results)).toEqual(["zero", "one", "two", "three"]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("passes a failure on to its caller and lets the next work start", async () => {
    const run = createLimiter(1);
    const first = deferred<void>();
    const failing = run(() => first.promise);
    let secondStarted = false;
    const second = run(async () => {
      secondStarted = true;
      return 2;
    });
    await settle();
    expect(secondStarted).toBe(false);

    first.reject(new Error("encoder crashed"));
    await expect(failing).rejects.toThrow("encoder crashed");
    expect(await second).toBe(2);
    expect(secondStarted).toBe(true);
  });
});
