import { afterEach, describe, expect, it, vi } from "vitest";
import { emitRouteUpdate, onRouteUpdate, type RouteUpdate } from "./location.ts";

const update: RouteUpdate = {
  location: { pathname: "/pricing/", search: "", hash: "" },
  prevLocation: { pathname: "/", search: "", hash: "" },
};
const unsubscribers: (() => void)[] = [];
const subscribe = (listener: (update: RouteUpdate) => void) => {
  unsubscribers.push(onRouteUpdate(listener));
};
afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
});

describe("route updates", () => {
  it("reach each listener in a task of its own, after the emitting one, in order", () => {
    const tasks: (() => void)[] = [];
    const heard: string[] = [];
    subscribe((received) => heard.push(`first ${received.location.pathname}`));
    subscribe((received) => heard.push(`second ${received.location.pathname}`));
    emitRouteUpdate(update, (task) => tasks.push(task));
    expect(heard).toEqual([]);
    expect(tasks).toHaveLength(2);
    tasks[0]?.();
    expect(heard).toEqual(["first /pricing/"]);
    tasks[1]?.();
    expect(heard).toEqual(["first /pricing/", "second /pricing/"]);
  });

  it("run later by default, not during the emitting task", async () => {
    const listener = vi.fn();
    subscribe(listener);
    emitRouteUpdate(update);
    expect(listener).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith(update));
  });

  it("skip a listener removed before its turn, and survive one that throws", () => {
    const tasks: (() => void)[] = [];
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const removed = vi.fn();
    const after = vi.fn();
    subscribe(() => {
      throw new Error("listener broke");
    });
    const unsubscribe = onRouteUpdate(removed);
    subscribe(after);
    emitRouteUpdate(update, (task) => tasks.push(task));
    unsubscribe();
    for (const task of tasks) task();
    expect(removed).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledWith(update);
    expect(error).toHaveBeenCalledWith("A route update listener failed:", expect.any(Error));
    error.mockRestore();
  });
});
