import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DELAYED_NAVIGATION_MS } from "./constants.ts";
import type { LoadOutcome, PageLoader } from "./loader.ts";
import { createRouterEngine, type RouterView } from "./router-navigation.ts";

/** Just enough of a browser window for a navigation that ends in a full page load. */
function stubWindow() {
  const assign = vi.fn();
  vi.stubGlobal("window", {
    location: {
      href: "https://harbordesk.example/a/",
      origin: "https://harbordesk.example",
      assign,
    },
    history: { pushState: vi.fn(), replaceState: vi.fn() },
    scrollY: 0,
    sessionStorage: null,
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
  });
  return { assign };
}

function pendingLoader() {
  let finish: (outcome: LoadOutcome) => void = () => {};
  const loader = {
    loadPage: () =>
      new Promise<LoadOutcome>((resolve) => {
        finish = resolve;
      }),
  } as unknown as PageLoader;
  return { loader, finish: (outcome: LoadOutcome) => finish(outcome) };
}

function recordingView() {
  const delayed: boolean[] = [];
  const view: RouterView = {
    state: () => ({
      resources: {} as never,
      location: { pathname: "/a/", search: "", hash: "" },
      key: "k",
      kind: "initial",
    }),
    setState: vi.fn(),
    setDelayed: (value) => delayed.push(value),
    setAnnouncement: vi.fn(),
  };
  return { view, delayed };
}

describe("the delayed-navigation notice", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows 1 s after the navigation starts, and hides when the page has loaded", async () => {
    const { assign } = stubWindow();
    const { loader, finish } = pendingLoader();
    const { view, delayed } = recordingView();
    const navigation = createRouterEngine(loader, view).navigate("/b/");
    vi.advanceTimersByTime(DELAYED_NAVIGATION_MS - 1);
    expect(delayed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delayed).toEqual([true]);
    finish({ kind: "full-navigation", reason: "real-file" });
    await navigation;
    expect(delayed).toEqual([true, false]);
    expect(assign).toHaveBeenCalledWith("/b/");
  });

  it("counts from the visitor's click when the engine arrived later", async () => {
    stubWindow();
    const { loader, finish } = pendingLoader();
    const { view, delayed } = recordingView();
    const clickedAt = performance.now();
    vi.advanceTimersByTime(600); // the engine's chunk was loading
    const navigation = createRouterEngine(loader, view).navigate("/b/", {}, clickedAt);
    vi.advanceTimersByTime(DELAYED_NAVIGATION_MS - 600 - 1);
    expect(delayed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delayed).toEqual([true]);
    finish({ kind: "full-navigation", reason: "real-file" });
    await navigation;
  });

  it("shows at once when the engine took longer than the delay itself", () => {
    stubWindow();
    const { loader } = pendingLoader();
    const { view, delayed } = recordingView();
    const clickedAt = performance.now();
    vi.advanceTimersByTime(DELAYED_NAVIGATION_MS + 500);
    void createRouterEngine(loader, view).navigate("/b/", {}, clickedAt);
    vi.advanceTimersByTime(0);
    expect(delayed).toEqual([true]);
  });
});
