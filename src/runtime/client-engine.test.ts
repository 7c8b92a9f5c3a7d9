import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_DATA_URL, type BootstrapData, type PageData, pageDataUrl } from "../protocol/index.ts";
import { BUILD_HASH_RELOAD_FLAG } from "./constants.ts";
import type { RouterView } from "./router-navigation.ts";

const BUILD = "build-1";
const TEMPLATE = "template---blog-post";

function post(path: string): PageData {
  return {
    componentChunkName: TEMPLATE,
    path,
    result: { data: { title: path }, pageContext: {} },
    staticQueryHashes: [],
    compilationHash: BUILD,
  };
}

const POST_A = post("/blog/a/");
const POST_B = post("/blog/b/");
const BOOTSTRAP: BootstrapData = {
  compilationHash: BUILD,
  pageData: POST_A,
  slices: {},
  matchPaths: [],
};
/** Stands for the first render's lazy island, which never settles when its chunk fails. */
const ISLAND = { island: "never settles" };

/**
 * Just enough of a browser at /blog/a/ for the engine: fetch answers `files` (404 otherwise),
 * `held` URLs only once `answer()` is called; sessionStorage works.
 */
function stubBrowser(files: Record<string, unknown>, held: string[] = []) {
  const waiting: Array<() => void> = [];
  const fetch = vi.fn(async (url: string) => {
    if (held.includes(url)) await new Promise<void>((resume) => waiting.push(resume));
    const body = files[url];
    return body === undefined ? new Response("", { status: 404 }) : Response.json(body);
  });
  vi.stubGlobal("fetch", fetch);
  const items = new Map<string, string>();
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
  const assign = vi.fn();
  const reload = vi.fn();
  vi.stubGlobal("window", {
    location: {
      href: "https://harbordesk.example/blog/a/",
      origin: "https://harbordesk.example",
      assign,
      reload,
    },
    history: { pushState: vi.fn(), replaceState: vi.fn() },
    scrollY: 0,
    sessionStorage: null,
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
  });
  const requestsOf = (url: string) => fetch.mock.calls.filter(([called]) => called === url).length;
  const answer = () => {
    for (const resume of waiting.splice(0)) resume();
  };
  return { assign, reload, items, requestsOf, answer };
}

/** A fresh module each time: its once-per-load check must not carry over between tests. */
async function freshEngineModule() {
  vi.resetModules();
  return import("./client-engine.ts");
}

function recordingView(): RouterView {
  return {
    state: () => ({
      resources: {} as never,
      location: { pathname: POST_A.path, search: "", hash: "" },
      key: "k",
      kind: "initial",
    }),
    setState: vi.fn(),
    setDelayed: vi.fn(),
    setAnnouncement: vi.fn(),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("checkBuildHash", () => {
  it("asked twice in one page load (engine start, first page failing), checks once", async () => {
    const { reload, items, requestsOf, answer } = stubBrowser(
      { [APP_DATA_URL]: { compilationHash: "build-2" } },
      [APP_DATA_URL],
    );
    const { checkBuildHash } = await freshEngineModule();
    checkBuildHash(BOOTSTRAP);
    checkBuildHash(BOOTSTRAP);
    answer();
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    await settled();
    expect(requestsOf(APP_DATA_URL)).toBe(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(items.get(BUILD_HASH_RELOAD_FLAG)).toBe("1");
  });
});

describe("startClientEngine: the first page's component", () => {
  const files = { [APP_DATA_URL]: { compilationHash: BUILD }, [pageDataUrl(POST_B.path)]: POST_B };

  /**
   * `loadFirst` starts the first page's load as the engine starts, the latest that boot.tsx's
   * starts (its island usually has already).
   */
  async function navigateToPostB(options: {
    loadFirst: () => Promise<unknown>;
    loadComponent: (chunkName: string) => Promise<unknown>;
  }) {
    const { assign } = stubBrowser(files);
    const { startClientEngine } = await freshEngineModule();
    const engine = startClientEngine({
      bootstrap: BOOTSTRAP,
      pathname: POST_A.path,
      resources: { pageData: POST_A, component: ISLAND, staticQueryResults: {}, slices: {} },
      loadingComponent: options.loadFirst(),
      loadComponent: options.loadComponent,
    });
    await settled(); // The first page's load has settled, as it has by the first click.
    const view = recordingView();
    await engine.router(view).navigate(POST_B.path);
    const rendered = vi.mocked(view.setState).mock.calls.map(([state]) => state.resources);
    return { assign, rendered };
  }

  it("failed: the next page of its template loads the chunk again", async () => {
    const template = { template: "loaded on retry" };
    const loadComponent = vi.fn(() => Promise.resolve(template));
    const { assign, rendered } = await navigateToPostB({
      loadFirst: () => Promise.reject(new Error("chunk gone")),
      loadComponent,
    });
    expect(loadComponent).toHaveBeenCalledWith(TEMPLATE);
    expect(rendered.map((resources) => resources.component)).toEqual([template]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("failed, and failing again: a full navigation to the page, not an empty one", async () => {
    const loadComponent = vi.fn(() => Promise.reject(new Error("chunk still gone")));
    const { assign, rendered } = await navigateToPostB({
      loadFirst: () => Promise.reject(new Error("chunk gone")),
      loadComponent,
    });
    expect(loadComponent).toHaveBeenCalledWith(TEMPLATE);
    expect(rendered).toEqual([]);
    expect(assign).toHaveBeenCalledWith(POST_B.path);
  });

  it("loaded: the next page of its template renders the first page's component, loading no chunk", async () => {
    const loadComponent = vi.fn(() => Promise.reject(new Error("not expected")));
    const { assign, rendered } = await navigateToPostB({
      loadFirst: () => Promise.resolve({ template: "the module's" }),
      loadComponent,
    });
    expect(loadComponent).not.toHaveBeenCalled();
    // The very component the first render used: another one would make React remount the page
    // (a match-path page would lose its state and write its old address back).
    expect(rendered.map((resources) => resources.component)).toEqual([ISLAND]);
    expect(rendered[0]?.component).toBe(ISLAND);
    expect(assign).not.toHaveBeenCalled();
  });
});
