import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DELAYED_NAVIGATION_MS } from "./constants.ts";
import type { LoadOutcome, PageLoader, PageResources } from "./loader.ts";
import type { RouterLocation } from "./location.ts";
import {
  createRouterEngine,
  type RouterEngine,
  type RouterState,
  type RouterView,
} from "./router-navigation.ts";

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

/** Resources for a page at `path`: just what the router reads after rendering it. */
function pageAt(path: string): PageResources {
  return { pageData: { path, result: { data: {}, pageContext: {} } } } as unknown as PageResources;
}

/** A loader whose page loads each wait until the test finishes them, one per path. */
function loaderByPath() {
  const pending = new Map<string, (outcome: LoadOutcome) => void>();
  const loader = {
    loadPage: (path: string) =>
      new Promise<LoadOutcome>((resolve) => {
        pending.set(path, resolve);
      }),
  } as unknown as PageLoader;
  const finish = (path: string) => pending.get(path)?.({ kind: "page", resources: pageAt(path) });
  return { loader, finish };
}

/**
 * A browser tab for the router: a history of entries (URL and state) that back and forward
 * walk, the scroll position, and a document whose elements scroll themselves into view.
 */
function stubBrowser(start: string) {
  const entries = [{ url: new URL(start), state: { key: "k0" } as unknown }];
  let index = 0;
  const current = () => entries[index] as { url: URL; state: unknown };
  const browser = {
    location: {
      get href() {
        return current().url.href;
      },
      get origin() {
        return current().url.origin;
      },
      assign: vi.fn(),
      reload: vi.fn(),
    },
    history: {
      get state() {
        return current().state;
      },
      pushState: vi.fn((state: unknown, _title: string, href: string) => {
        entries.splice(index + 1, entries.length, { url: new URL(href, current().url), state });
        index += 1;
      }),
      replaceState: vi.fn((state: unknown, _title: string, href: string) => {
        entries[index] = { url: new URL(href, current().url), state };
      }),
    },
    scrollY: 0,
    scrollTo: vi.fn((_x: number, y: number) => {
      browser.scrollY = y;
    }),
    sessionStorage: null,
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
  };
  const scrollIntoView = vi.fn();
  vi.stubGlobal("window", browser);
  vi.stubGlobal("document", {
    title: "",
    getElementById: (id: string) => (id === "main-content" ? null : { scrollIntoView }),
    querySelector: () => null,
  });
  /** Back (-1) or forward (+1): the entry's location and key, as the popstate listener reads them. */
  const go = (delta: number): [RouterLocation, string] => {
    index += delta;
    const { url, state } = current();
    const location = { pathname: url.pathname, search: url.search, hash: url.hash };
    return [location, (state as { key: string }).key];
  };
  return { browser, go, scrollIntoView };
}

/** The router component's part: keeps the state, and runs `afterRender` once it has rendered. */
function statefulView(location: RouterLocation, key = "k0") {
  let state: RouterState = { resources: pageAt(location.pathname), location, key, kind: "initial" };
  const delayed: boolean[] = [];
  const rendered: RouterState[] = [];
  let engine: RouterEngine | null = null;
  const view: RouterView = {
    state: () => state,
    setState: (next) => {
      const previous = state.location;
      state = next;
      rendered.push(next);
      engine?.afterRender(next, previous);
    },
    setDelayed: (value) => delayed.push(value),
    setAnnouncement: vi.fn(),
  };
  const attach = (created: RouterEngine) => {
    engine = created;
    return created;
  };
  return { view, attach, delayed, rendered, state: () => state };
}

const AT_A: RouterLocation = { pathname: "/a/", search: "", hash: "" };

describe("a navigation supersedes any page load still pending", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("a hash link followed while another page loads keeps the visitor on the hash", async () => {
    const { browser } = stubBrowser("https://harbordesk.example/a/");
    const { loader, finish } = loaderByPath();
    const { view, attach, state } = statefulView(AT_A);
    const engine = attach(createRouterEngine(loader, view));
    const slow = engine.navigate("/b/");
    await engine.navigate("/a/#pricing");
    finish("/b/");
    await slow;
    expect(state().location).toEqual({ ...AT_A, hash: "#pricing" });
    expect(browser.location.href).toBe("https://harbordesk.example/a/#pricing");
    expect(browser.history.pushState).toHaveBeenCalledTimes(1);
  });

  it("Back to an entry of the same page while another page loads stays there", async () => {
    const { browser, go } = stubBrowser("https://harbordesk.example/a/#top");
    browser.history.pushState({ key: "k1" }, "", "/a/");
    const { loader, finish } = loaderByPath();
    const { view, attach, state } = statefulView(AT_A, "k1");
    const engine = attach(createRouterEngine(loader, view));
    const slow = engine.navigate("/b/");
    engine.popState(...go(-1));
    finish("/b/");
    await slow;
    expect(state().location).toEqual({ ...AT_A, hash: "#top" });
    expect(state().key).toBe("k0");
    expect(browser.location.href).toBe("https://harbordesk.example/a/#top");
  });
});

describe("the delayed notice after a superseded navigation", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("goes when Back to another page has rendered that page", async () => {
    const { browser, go } = stubBrowser("https://harbordesk.example/z/");
    browser.history.pushState({ key: "k1" }, "", "/a/");
    const { loader, finish } = loaderByPath();
    const { view, attach, delayed, state } = statefulView(AT_A, "k1");
    const engine = attach(createRouterEngine(loader, view));
    const slow = engine.navigate("/b/");
    vi.advanceTimersByTime(DELAYED_NAVIGATION_MS);
    expect(delayed).toEqual([true]);
    engine.popState(...go(-1));
    finish("/z/");
    await vi.advanceTimersByTimeAsync(0);
    expect(state().location.pathname).toBe("/z/");
    expect(delayed.at(-1)).toBe(false);
    finish("/b/");
    await slow;
    expect(delayed.at(-1)).toBe(false);
  });

  it("goes at once on Back to an entry of the same page, and on a hash link", async () => {
    for (const leave of ["back", "hash link"]) {
      const { browser, go } = stubBrowser("https://harbordesk.example/a/#top");
      browser.history.pushState({ key: "k1" }, "", "/a/");
      const { loader } = loaderByPath();
      const { view, attach, delayed } = statefulView(AT_A, "k1");
      const engine = attach(createRouterEngine(loader, view));
      void engine.navigate("/b/");
      vi.advanceTimersByTime(DELAYED_NAVIGATION_MS);
      if (leave === "back") engine.popState(...go(-1));
      else await engine.navigate("#pricing");
      expect({ leave, delayed }).toEqual({ leave, delayed: [true, false] });
    }
  });

  it("shows when Back to another page takes longer than the delay itself", async () => {
    const { browser, go } = stubBrowser("https://harbordesk.example/z/");
    browser.history.pushState({ key: "k1" }, "", "/a/");
    const { loader, finish } = loaderByPath();
    const { view, attach, delayed } = statefulView(AT_A, "k1");
    const engine = attach(createRouterEngine(loader, view));
    engine.popState(...go(-1));
    vi.advanceTimersByTime(DELAYED_NAVIGATION_MS);
    expect(delayed).toEqual([true]);
    finish("/z/");
    await vi.advanceTimersByTimeAsync(0);
    expect(delayed).toEqual([true, false]);
  });
});

describe("an in-page entry whose caller scrolls", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("leaves the scrolling to its caller", async () => {
    const { browser, scrollIntoView } = stubBrowser("https://harbordesk.example/a/");
    const { view, attach, state } = statefulView(AT_A);
    const engine = attach(createRouterEngine(loaderByPath().loader, view));
    await engine.navigate("#agenda", { scroll: false });
    expect(state().location.hash).toBe("#agenda");
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(browser.scrollTo).not.toHaveBeenCalled();
  });

  it("Back returns to where the visitor clicked, Forward to the target", async () => {
    const { browser, go } = stubBrowser("https://harbordesk.example/a/");
    const { view, attach, state } = statefulView(AT_A);
    const engine = attach(createRouterEngine(loaderByPath().loader, view));
    // The visitor clicks at 300; the link's own scroll reaches the target before the engine runs.
    browser.scrollY = 1500;
    await engine.navigate("#agenda", { scroll: false }, performance.now(), 300);
    expect(state().key).not.toBe("k0");
    browser.scrollY = 1600; // read a little further
    engine.popState(...go(-1));
    expect(browser.scrollY).toBe(300);
    engine.popState(...go(1));
    expect(browser.scrollY).toBe(1600);
    expect(state().location.hash).toBe("#agenda");
  });
});
