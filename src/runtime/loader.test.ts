import { describe, expect, it } from "vitest";
import {
  type BootstrapData,
  type MatchPathEntry,
  NOT_FOUND_PAGE_PATH,
  type PageData,
  pageDataUrl,
  SERVER_ERROR_PAGE_PATH,
  type SliceData,
  sliceDataUrl,
  staticQueryUrl,
} from "../protocol/index.ts";
import { PAGE_DATA_RETRIES } from "./constants.ts";
import { type LoaderTransport, type LoadOutcome, PageLoader } from "./loader.ts";

const BUILD = "build-1";
const SQ = { site: "1001", nav: "2002", footer: "3003", pricing: "4004" } as const;
const SQ_DATA: Record<string, unknown> = {
  [SQ.site]: { title: "Harbor Desk" },
  [SQ.nav]: { items: ["Product"] },
  [SQ.footer]: null,
  [SQ.pricing]: { plans: 3 },
};

type Reply = { status: number; text?: string; json?: unknown } | "network-error" | "throw";

function page(path: string, extra: Partial<PageData> = {}): PageData {
  return {
    componentChunkName: `component---${path.replace(/\W+/g, "-")}`,
    path,
    result: { data: { title: path }, pageContext: {} },
    staticQueryHashes: [SQ.site],
    compilationHash: BUILD,
    ...extra,
  };
}

function slice(name: string, hashes: string[]): SliceData {
  return {
    componentChunkName: `slice---${name}`,
    result: { data: { name }, sliceContext: {} },
    staticQueryHashes: hashes,
  };
}

const ABOUT = page("/about/");
const PRICING = page("/pricing/", { staticQueryHashes: [SQ.site, SQ.pricing] });
const WITH_SLICES = page("/with-slices/", {
  slicesMap: { header: "header", footer: "footer", "mobile-header": "header" },
});
const NOT_FOUND = page(NOT_FOUND_PAGE_PATH);
const SERVER_ERROR = page(SERVER_ERROR_PAGE_PATH);
const HEADER = slice("header", [SQ.nav, SQ.site]);
const FOOTER = slice("footer", [SQ.footer]);

/** The deployed site: every file a healthy build writes. Unknown URLs answer 404. */
function siteRoutes(): Record<string, Reply | Reply[]> {
  const routes: Record<string, Reply | Reply[]> = {};
  for (const data of [ABOUT, PRICING, WITH_SLICES, NOT_FOUND, SERVER_ERROR]) {
    routes[pageDataUrl(data.path)] = { status: 200, json: data };
  }
  for (const [hash, data] of Object.entries(SQ_DATA)) {
    routes[staticQueryUrl(hash)] = { status: 200, json: { data } };
  }
  routes[sliceDataUrl("header")] = { status: 200, json: HEADER };
  routes[sliceDataUrl("footer")] = { status: 200, json: FOOTER };
  return routes;
}

/** A server in memory that records every request, in order, as "GET url" / "HEAD url". */
class FakeTransport implements LoaderTransport {
  readonly requests: string[] = [];
  readonly routes: Record<string, Reply | Reply[]>;
  readonly heads: Record<string, number | "network-error">;
  #held: Array<() => void> | undefined;

  constructor(
    routes: Record<string, Reply | Reply[]> = {},
    heads: Record<string, number | "network-error"> = {},
  ) {
    this.routes = { ...siteRoutes(), ...routes };
    this.heads = heads;
  }

  /** Answers wait until `release()`, so tests can overlap requests. */
  hold(): void {
    this.#held = [];
  }

  release(): void {
    const waiting = this.#held ?? [];
    this.#held = undefined;
    for (const resume of waiting) resume();
  }

  get(url: string): Promise<{ status: number; text: string }> {
    this.requests.push(`GET ${url}`);
    const route = this.routes[url];
    // A list answers in turn, its last entry repeating.
    const reply: Reply = Array.isArray(route)
      ? ((route.length > 1 ? route.shift() : route[0]) ?? { status: 404 })
      : (route ?? { status: 404 });
    if (reply === "throw") throw new TypeError("transport exploded");
    return this.#after(() => {
      if (reply === "network-error") throw new TypeError("Failed to fetch");
      const text = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
      return { status: reply.status, text };
    });
  }

  head(url: string): Promise<number> {
    this.requests.push(`HEAD ${url}`);
    const status = this.heads[url] ?? 404;
    return this.#after(() => {
      if (status === "network-error") throw new TypeError("Failed to fetch");
      return status;
    });
  }

  count(prefix: string): number {
    return this.requests.filter((request) => request.startsWith(prefix)).length;
  }

  #after<T>(answer: () => T): Promise<T> {
    const held = this.#held;
    if (held === undefined) return Promise.resolve().then(answer);
    return new Promise<void>((resume) => held.push(resume)).then(answer);
  }
}

function setup(
  options: {
    routes?: Record<string, Reply | Reply[]>;
    heads?: Record<string, number | "network-error">;
    failingChunks?: string[];
    throwingChunks?: string[];
    matchPaths?: MatchPathEntry[];
  } = {},
) {
  const transport = new FakeTransport(options.routes, options.heads);
  const chunkLoads: string[] = [];
  const failing = new Set(options.failingChunks ?? []);
  const throwing = new Set(options.throwingChunks ?? []);
  const loader = new PageLoader({
    transport,
    compilationHash: BUILD,
    matchPaths: options.matchPaths ?? [],
    loadComponent(chunk) {
      chunkLoads.push(chunk);
      if (throwing.has(chunk)) throw new Error(`no chunk ${chunk}`);
      if (failing.has(chunk)) return Promise.reject(new Error(`Loading chunk ${chunk} failed`));
      return Promise.resolve({ chunk });
    },
  });
  return { loader, transport, chunkLoads, failing };
}

function resourcesOf(outcome: LoadOutcome) {
  if (!("resources" in outcome)) throw new Error(`expected resources, got ${outcome.kind}`);
  return outcome.resources;
}

const ATTEMPTS = PAGE_DATA_RETRIES + 1;

describe("PageLoader.loadPage: success", () => {
  it("returns the page data, its component and its static queries, one request each", async () => {
    const { loader, transport, chunkLoads } = setup();
    const outcome = await loader.loadPage("/about/");
    expect(outcome).toEqual({
      kind: "page",
      resources: {
        pageData: ABOUT,
        component: { chunk: ABOUT.componentChunkName },
        staticQueryResults: { [SQ.site]: SQ_DATA[SQ.site] },
        slices: {},
      },
    });
    expect(transport.requests).toEqual([
      `GET ${pageDataUrl("/about/")}`,
      `GET ${staticQueryUrl(SQ.site)}`,
    ]);
    expect(chunkLoads).toEqual([ABOUT.componentChunkName]);
  });

  it("treats /about, /about/ and /about/index.html as one page", async () => {
    const { loader, transport } = setup();
    const outcomes = [
      await loader.loadPage("/about"),
      await loader.loadPage("/about/"),
      await loader.loadPage("/about/index.html"),
    ];
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["page", "page", "page"]);
    expect(transport.count("GET /page-data/about/")).toBe(1);
  });

  it("resolves a client-only route to its matchPath page", async () => {
    const builder = page("/interview-builder/", { matchPath: "/interview-builder/*" });
    const { loader, transport } = setup({
      routes: { [pageDataUrl("/interview-builder/")]: { status: 200, json: builder } },
      matchPaths: [{ path: "/interview-builder/", matchPath: "/interview-builder/*" }],
    });
    const outcome = await loader.loadPage("/interview-builder/roles/support-lead");
    expect(outcome.kind).toBe("page");
    expect(resourcesOf(outcome).pageData).toEqual(builder);
    expect(transport.requests[0]).toBe(`GET ${pageDataUrl("/interview-builder/")}`);
  });

  it("defaults missing staticQueryHashes to none instead of failing", async () => {
    const { staticQueryHashes: _omitted, ...bare } = page("/bare/");
    const { loader, transport } = setup({
      routes: { [pageDataUrl("/bare/")]: { status: 200, json: bare } },
    });
    const outcome = await loader.loadPage("/bare/");
    expect(resourcesOf(outcome).staticQueryResults).toEqual({});
    expect(transport.requests).toEqual([`GET ${pageDataUrl("/bare/")}`]);
  });
});

describe("PageLoader.loadPage: retries", () => {
  const transient: Array<[string, Reply]> = [
    ["503", { status: 503 }],
    ["502", { status: 502 }],
    ["504", { status: 504 }],
    ["429", { status: 429 }],
    ["status 0", { status: 0 }],
    ["network rejection", "network-error"],
    ["transport throwing synchronously", "throw"],
  ];

  it.each(transient)("%s: %i GETs, then a full navigation", async (_name, reply) => {
    const { loader, transport, chunkLoads } = setup({
      routes: { [pageDataUrl("/about/")]: reply },
    });
    const outcome = await loader.loadPage("/about/");
    expect(outcome).toEqual({ kind: "full-navigation", reason: "retries-exhausted" });
    expect(transport.requests).toEqual(Array(ATTEMPTS).fill(`GET ${pageDataUrl("/about/")}`));
    expect(ATTEMPTS).toBe(4);
    expect(chunkLoads).toEqual([]);
  });

  it("succeeds when the last allowed attempt succeeds", async () => {
    const { loader, transport } = setup({
      routes: {
        [pageDataUrl("/about/")]: [
          { status: 503 },
          "network-error",
          { status: 0 },
          { status: 200, json: ABOUT },
        ],
      },
    });
    expect((await loader.loadPage("/about/")).kind).toBe("page");
    expect(transport.count(`GET ${pageDataUrl("/about/")}`)).toBe(4);
  });

  it("stops retrying at a 404 and shows the 404 page", async () => {
    const { loader, transport } = setup({
      routes: { [pageDataUrl("/gone/")]: [{ status: 503 }, { status: 404 }] },
    });
    const outcome = await loader.loadPage("/gone/");
    expect(outcome.kind).toBe("not-found");
    expect(transport.count(`GET ${pageDataUrl("/gone/")}`)).toBe(2);
  });

  it("does not cache an exhausted page: the next navigation tries 4 times again", async () => {
    const { loader, transport } = setup({ routes: { [pageDataUrl("/about/")]: { status: 503 } } });
    await loader.loadPage("/about/");
    await loader.loadPage("/about/");
    expect(transport.count(`GET ${pageDataUrl("/about/")}`)).toBe(2 * ATTEMPTS);
  });
});

describe("PageLoader.loadPage: 404", () => {
  it("renders the 404 page at the asked URL when HEAD finds nothing there", async () => {
    const { loader, transport } = setup({ heads: { "/missing": 404 } });
    const outcome = await loader.loadPage("/missing");
    expect(outcome.kind).toBe("not-found");
    const resources = resourcesOf(outcome);
    expect(resources.pageData).toEqual(NOT_FOUND);
    expect(resources.component).toEqual({ chunk: NOT_FOUND.componentChunkName });
    expect(resources.staticQueryResults).toEqual({ [SQ.site]: SQ_DATA[SQ.site] });
    expect(transport.requests).toContain("HEAD /missing");
    expect(transport.requests).toContain(`GET ${pageDataUrl(NOT_FOUND_PAGE_PATH)}`);
    expect(transport.count("GET /page-data/missing/")).toBe(1);
  });

  it("navigates for real when HEAD finds a file that is not a site page", async () => {
    const { loader, transport, chunkLoads } = setup({ heads: { "/files/report.pdf": 200 } });
    const outcome = await loader.loadPage("/files/report.pdf");
    expect(outcome).toEqual({ kind: "full-navigation", reason: "real-file" });
    expect(transport.requests[0]).toBe(`GET ${pageDataUrl("/files/report.pdf")}`);
    expect(transport.count("HEAD ")).toBe(1);
    expect(transport.requests).toContain("HEAD /files/report.pdf");
    expect(chunkLoads).not.toContain(ABOUT.componentChunkName);
  });

  it.each([403, 404, 301, 500, 0])("shows the 404 page when HEAD answers %i", async (status) => {
    const { loader } = setup({ heads: { "/missing/": status } });
    expect((await loader.loadPage("/missing/")).kind).toBe("not-found");
  });

  it("shows the 404 page when the HEAD request itself fails", async () => {
    const { loader } = setup({ heads: { "/missing/": "network-error" } });
    expect((await loader.loadPage("/missing/")).kind).toBe("not-found");
  });

  it.each([
    ["invalid JSON", { status: 200, text: "<!doctype html><p>fallback" }],
    ["JSON without path", { status: 200, json: { componentChunkName: "x", result: {} } }],
    ["JSON without componentChunkName", { status: 200, json: { path: "/odd/" } }],
    ["a JSON array", { status: 200, json: [1, 2] }],
    ["JSON null", { status: 200, text: "null" }],
  ] satisfies Array<[string, Reply]>)(
    "treats %s as not found (one GET, no retry)",
    async (_name, reply) => {
      const { loader, transport } = setup({ routes: { [pageDataUrl("/odd/")]: reply } });
      const outcome = await loader.loadPage("/odd/");
      expect(outcome.kind).toBe("not-found");
      expect(resourcesOf(outcome).pageData.path).toBe(NOT_FOUND_PAGE_PATH);
      expect(transport.count(`GET ${pageDataUrl("/odd/")}`)).toBe(1);
      expect(transport.requests).toContain("HEAD /odd/");
    },
  );

  it("caches a not-found path: the second visit makes no request at all", async () => {
    const { loader, transport } = setup();
    await loader.loadPage("/missing/");
    const before = transport.requests.length;
    const again = await loader.loadPage("/missing/");
    expect(again.kind).toBe("not-found");
    expect(transport.requests.length).toBe(before);
  });

  it("loads the 404 page data once for many missing paths", async () => {
    const { loader, transport } = setup();
    await Promise.all([loader.loadPage("/a/"), loader.loadPage("/b/"), loader.loadPage("/c/")]);
    expect(transport.count(`GET ${pageDataUrl(NOT_FOUND_PAGE_PATH)}`)).toBe(1);
    expect(transport.count(`GET ${staticQueryUrl(SQ.site)}`)).toBe(1);
    expect(transport.count("HEAD ")).toBe(3);
  });

  it.each(["//evil.example/x", "/\\evil.example/x"])(
    "never sends HEAD to another origin (%s)",
    async (pathname) => {
      const { loader, transport } = setup();
      expect((await loader.loadPage(pathname)).kind).toBe("not-found");
      expect(transport.count("HEAD ")).toBe(0);
    },
  );

  it("sends HEAD to the path as asked, without search or hash", async () => {
    const { loader, transport } = setup({ heads: { "/old-brochure.pdf": 200 } });
    const outcome = await loader.loadPage("/old-brochure.pdf?utm_source=x#top");
    expect(outcome).toEqual({ kind: "full-navigation", reason: "real-file" });
    expect(transport.requests).toContain("HEAD /old-brochure.pdf");
  });
});

describe("PageLoader.loadPage: 500", () => {
  it("renders the 500 page's resources and sends no HEAD", async () => {
    const { loader, transport } = setup({ routes: { [pageDataUrl("/about/")]: { status: 500 } } });
    const outcome = await loader.loadPage("/about/");
    expect(outcome.kind).toBe("server-error");
    expect(resourcesOf(outcome).pageData).toEqual(SERVER_ERROR);
    expect(resourcesOf(outcome).component).toEqual({ chunk: SERVER_ERROR.componentChunkName });
    expect(transport.count(`GET ${pageDataUrl("/about/")}`)).toBe(1);
    expect(transport.count("HEAD ")).toBe(0);
  });

  it("asks again on the next navigation, since a 500 may pass", async () => {
    const { loader, transport } = setup({
      routes: { [pageDataUrl("/about/")]: [{ status: 500 }, { status: 200, json: ABOUT }] },
    });
    expect((await loader.loadPage("/about/")).kind).toBe("server-error");
    expect((await loader.loadPage("/about/")).kind).toBe("page");
    expect(transport.count(`GET ${pageDataUrl("/about/")}`)).toBe(2);
  });
});

describe("PageLoader.loadPage: error pages that fail themselves", () => {
  const url404 = pageDataUrl(NOT_FOUND_PAGE_PATH);
  const url500 = pageDataUrl(SERVER_ERROR_PAGE_PATH);

  it.each([
    ["404", { status: 404 }, /answered 404/],
    ["invalid JSON", { status: 200, text: "{" }, /answered 404 or is not valid page data/],
    ["500", { status: 500 }, /answered 500/],
    ["503 four times", { status: 503 }, /failed 4 times/],
  ] satisfies Array<[string, Reply, RegExp]>)(
    "a 404 page answering %s rejects, naming the file",
    async (_name, reply, why) => {
      const { loader, transport } = setup({ routes: { [url404]: reply } });
      const failure = loader.loadPage("/missing/");
      await expect(failure).rejects.toThrow(url404);
      await expect(failure).rejects.toThrow(why);
      expect(transport.requests).toContain("HEAD /missing/");
    },
  );

  it("a 500 page that fails rejects, naming its file", async () => {
    const { loader } = setup({
      routes: { [pageDataUrl("/about/")]: { status: 500 }, [url500]: { status: 404 } },
    });
    await expect(loader.loadPage("/about/")).rejects.toThrow(url500);
  });

  it("a real file still wins over a broken 404 page", async () => {
    const { loader } = setup({ routes: { [url404]: { status: 404 } }, heads: { "/f.zip": 200 } });
    await expect(loader.loadPage("/f.zip")).resolves.toEqual({
      kind: "full-navigation",
      reason: "real-file",
    });
  });

  it("loading /404.html itself when it is missing rejects instead of looping", async () => {
    const { loader, transport } = setup({ routes: { [url404]: { status: 404 } } });
    await expect(loader.loadPage(NOT_FOUND_PAGE_PATH)).rejects.toThrow(url404);
    expect(transport.count(`GET ${url404}`)).toBe(1);
  });
});

describe("PageLoader.loadPage: sharing and caching", () => {
  it("shares one request between concurrent loads and prefetches of the same page", async () => {
    const { loader, transport, chunkLoads } = setup();
    transport.hold();
    const loads = [
      loader.loadPage("/about/"),
      loader.loadPage("/about"),
      loader.prefetch("/about/"),
      loader.loadPage("/about/?ignored"),
    ];
    await Promise.resolve();
    transport.release();
    const [first, second, prefetched, fourth] = await Promise.all(loads);
    expect(prefetched).toBe(true);
    expect(first).toBe(second);
    expect(fourth).toBe(first);
    expect(transport.count(`GET ${pageDataUrl("/about/")}`)).toBe(1);
    expect(transport.count(`GET ${staticQueryUrl(SQ.site)}`)).toBe(1);
    expect(chunkLoads).toEqual([ABOUT.componentChunkName]);
  });

  it("shares one GET between two cache keys naming the same file", async () => {
    // "/v1.2" looks like a file and "/v1.2/" like a directory; both map to one page-data URL.
    const { loader, transport } = setup();
    await Promise.all([loader.loadPage("/v1.2"), loader.loadPage("/v1.2/")]);
    expect(transport.count(`GET ${pageDataUrl("/v1.2/")}`)).toBe(1);
  });

  it("serves a loaded page from memory: no request, no chunk load", async () => {
    const { loader, transport, chunkLoads } = setup();
    const first = await loader.loadPage("/about/");
    const requests = transport.requests.length;
    const second = await loader.loadPage("/about/");
    expect(second).toBe(first);
    expect(transport.requests.length).toBe(requests);
    expect(chunkLoads).toHaveLength(1);
  });

  it("fetches a static query once for every page that lists it, even concurrently", async () => {
    const { loader, transport } = setup();
    transport.hold();
    const both = Promise.all([loader.loadPage("/about/"), loader.loadPage("/pricing/")]);
    await Promise.resolve();
    transport.release();
    // Static query requests start after their page data arrives: keep releasing.
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      transport.release();
    }
    const [about, pricing] = await both;
    expect(transport.count(`GET ${staticQueryUrl(SQ.site)}`)).toBe(1);
    expect(resourcesOf(pricing).staticQueryResults).toEqual({
      [SQ.site]: SQ_DATA[SQ.site],
      [SQ.pricing]: SQ_DATA[SQ.pricing],
    });
    expect(resourcesOf(about).staticQueryResults).toEqual({ [SQ.site]: SQ_DATA[SQ.site] });
  });
});

describe("PageLoader.loadPage: compilation hash", () => {
  it("asks for a full navigation when the page comes from another build", async () => {
    const { loader, chunkLoads, transport } = setup({
      routes: {
        [pageDataUrl("/about/")]: { status: 200, json: { ...ABOUT, compilationHash: "b2" } },
      },
    });
    expect(await loader.loadPage("/about/")).toEqual({
      kind: "full-navigation",
      reason: "hash-mismatch",
    });
    expect(chunkLoads).toEqual([]);
    expect(transport.count("GET /page-data/sq/")).toBe(0);
  });

  it("accepts page data that carries no hash", async () => {
    const { compilationHash: _none, ...unhashed } = ABOUT;
    const { loader } = setup({
      routes: { [pageDataUrl("/about/")]: { status: 200, json: unhashed } },
    });
    expect((await loader.loadPage("/about/")).kind).toBe("page");
  });

  it("checks the 404 page's hash too", async () => {
    const { loader } = setup({
      routes: {
        [pageDataUrl(NOT_FOUND_PAGE_PATH)]: {
          status: 200,
          json: { ...NOT_FOUND, compilationHash: "b2" },
        },
      },
    });
    expect(await loader.loadPage("/missing/")).toEqual({
      kind: "full-navigation",
      reason: "hash-mismatch",
    });
  });
});

describe("PageLoader.loadPage: component chunks", () => {
  it.each([
    ["rejecting", "failingChunks"],
    ["throwing", "throwingChunks"],
  ] as const)("a %s chunk load asks for a full navigation", async (_name, key) => {
    const { loader } = setup({ [key]: [ABOUT.componentChunkName] });
    expect(await loader.loadPage("/about/")).toEqual({
      kind: "full-navigation",
      reason: "chunk-failed",
    });
  });

  it("does not remember a failed chunk: the next navigation loads it again", async () => {
    const { loader, failing, chunkLoads } = setup({ failingChunks: [ABOUT.componentChunkName] });
    await loader.loadPage("/about/");
    failing.clear();
    expect((await loader.loadPage("/about/")).kind).toBe("page");
    expect(chunkLoads).toEqual([ABOUT.componentChunkName, ABOUT.componentChunkName]);
  });

  it("prefers the full navigation when both the chunk and a static query fail", async () => {
    const { loader } = setup({
      failingChunks: [ABOUT.componentChunkName],
      routes: { [staticQueryUrl(SQ.site)]: { status: 404 } },
    });
    expect(await loader.loadPage("/about/")).toEqual({
      kind: "full-navigation",
      reason: "chunk-failed",
    });
  });

  it("a 404 page whose chunk fails asks for a full navigation", async () => {
    const { loader } = setup({ failingChunks: [NOT_FOUND.componentChunkName] });
    expect(await loader.loadPage("/missing/")).toEqual({
      kind: "full-navigation",
      reason: "chunk-failed",
    });
  });
});

describe("PageLoader.loadPage: static queries", () => {
  const url = staticQueryUrl(SQ.site);

  it.each([
    ["answers 404", { status: 404 }, "answered HTTP 404"],
    ["answers 503", { status: 503 }, "answered HTTP 503"],
    ["is unreachable", "network-error", "the request failed (Failed to fetch)"],
    ["is not JSON", { status: 200, text: "<html>" }, "is not valid JSON"],
    ["is not an object", { status: 200, text: "[1]" }, "is not a JSON object"],
  ] satisfies Array<[string, Reply, string]>)(
    "rejects naming the URL when the query %s",
    async (_name, reply, problem) => {
      const { loader } = setup({ routes: { [url]: reply } });
      const failure = loader.loadPage("/about/");
      await expect(failure).rejects.toThrow(url);
      await expect(failure).rejects.toThrow(problem);
    },
  );

  it("does not retry a static query within a load, and loads it afresh on the next", async () => {
    const { loader, transport } = setup({
      routes: { [url]: [{ status: 503 }, { status: 200, json: { data: "ok" } }] },
    });
    await expect(loader.loadPage("/about/")).rejects.toThrow(url);
    expect(transport.count(`GET ${url}`)).toBe(1);
    const outcome = await loader.loadPage("/about/");
    expect(resourcesOf(outcome).staticQueryResults).toEqual({ [SQ.site]: "ok" });
  });

  it("loads a query file without data as null, for components to render nothing", async () => {
    const { loader } = setup({ routes: { [url]: { status: 200, json: {} } } });
    const outcome = await loader.loadPage("/about/");
    expect(resourcesOf(outcome).staticQueryResults).toEqual({ [SQ.site]: null });
  });
});

describe("PageLoader.loadPage: slices", () => {
  it("loads every slice once and the static queries of page and slices", async () => {
    const { loader, transport } = setup();
    const outcome = await loader.loadPage("/with-slices/");
    const resources = resourcesOf(outcome);
    expect(resources.slices).toEqual({ header: HEADER, footer: FOOTER });
    expect(resources.staticQueryResults).toEqual({
      [SQ.site]: SQ_DATA[SQ.site],
      [SQ.nav]: SQ_DATA[SQ.nav],
      [SQ.footer]: null,
    });
    expect(transport.count(`GET ${sliceDataUrl("header")}`)).toBe(1);
    expect(transport.count(`GET ${sliceDataUrl("footer")}`)).toBe(1);
    for (const hash of [SQ.site, SQ.nav, SQ.footer]) {
      expect(transport.count(`GET ${staticQueryUrl(hash)}`)).toBe(1);
    }
  });

  it("reuses slices and their queries across pages", async () => {
    const other = page("/other/", { slicesMap: { header: "header" }, staticQueryHashes: [] });
    const { loader, transport } = setup({
      routes: { [pageDataUrl("/other/")]: { status: 200, json: other } },
    });
    await loader.loadPage("/with-slices/");
    const outcome = await loader.loadPage("/other/");
    expect(resourcesOf(outcome).slices).toEqual({ header: HEADER });
    expect(resourcesOf(outcome).staticQueryResults).toEqual({
      [SQ.nav]: SQ_DATA[SQ.nav],
      [SQ.site]: SQ_DATA[SQ.site],
    });
    expect(transport.count(`GET ${sliceDataUrl("header")}`)).toBe(1);
    expect(transport.count(`GET ${staticQueryUrl(SQ.nav)}`)).toBe(1);
  });

  it("rejects naming the page's query when it fails while slices load", async () => {
    const url = staticQueryUrl(SQ.site);
    const { loader } = setup({ routes: { [url]: { status: 404 } } });
    await expect(loader.loadPage("/with-slices/")).rejects.toThrow(url);
  });

  it("rejects once, without stray errors, when a slice and a page query both fail", async () => {
    const { loader } = setup({
      routes: {
        [staticQueryUrl(SQ.site)]: "network-error",
        [sliceDataUrl("header")]: { status: 404 },
      },
    });
    await expect(loader.loadPage("/with-slices/")).rejects.toThrow(/Could not load the/);
  });

  it.each([
    ["answers 404", { status: 404 }, "answered HTTP 404"],
    ["is incomplete", { status: 200, json: { componentChunkName: "x" } }, "lacks"],
  ] satisfies Array<[string, Reply, string]>)(
    "rejects naming the slice URL when it %s",
    async (_name, reply, problem) => {
      const url = sliceDataUrl("footer");
      const { loader } = setup({ routes: { [url]: reply } });
      const failure = loader.loadPage("/with-slices/");
      await expect(failure).rejects.toThrow(url);
      await expect(failure).rejects.toThrow(problem);
    },
  );
});

describe("PageLoader.seed", () => {
  const bootstrap = (data: PageData): BootstrapData => ({
    compilationHash: BUILD,
    pageData: data,
    staticQueryResults: {
      [SQ.site]: SQ_DATA[SQ.site],
      [SQ.nav]: SQ_DATA[SQ.nav],
      [SQ.footer]: null,
    },
    slices: { header: HEADER, footer: FOOTER },
    matchPaths: [{ path: "/interview-builder/", matchPath: "/interview-builder/*" }],
  });

  it("needs no request for the seeded page, only its chunk", async () => {
    const { loader, transport, chunkLoads } = setup();
    loader.seed(bootstrap(WITH_SLICES));
    const outcome = await loader.loadPage("/with-slices/");
    expect(resourcesOf(outcome).slices).toEqual({ header: HEADER, footer: FOOTER });
    expect(transport.requests).toEqual([]);
    expect(chunkLoads).toEqual([WITH_SLICES.componentChunkName]);
    expect(await loader.loadPage("/with-slices")).toBe(outcome);
    expect(chunkLoads).toEqual([WITH_SLICES.componentChunkName]);
  });

  it("with the component given, answers from the seed alone and loads nothing", async () => {
    const { loader, transport, chunkLoads } = setup();
    const component = { chunk: "already imported" };
    loader.seed(bootstrap(WITH_SLICES), { component });
    expect(resourcesOf(await loader.loadPage("/with-slices/"))).toEqual({
      pageData: WITH_SLICES,
      component,
      staticQueryResults: {
        [SQ.site]: SQ_DATA[SQ.site],
        [SQ.nav]: SQ_DATA[SQ.nav],
        [SQ.footer]: null,
      },
      slices: { header: HEADER, footer: FOOTER },
    });
    expect(transport.requests).toEqual([]);
    expect(chunkLoads).toEqual([]);
  });

  it("does not pretend to have resources whose static query was not inlined", async () => {
    const { loader, transport } = setup();
    loader.seed({ ...bootstrap(PRICING), staticQueryResults: {} }, { component: {} });
    const outcome = await loader.loadPage("/pricing/");
    expect(Object.keys(resourcesOf(outcome).staticQueryResults)).toEqual(PRICING.staticQueryHashes);
    expect(transport.requests).toEqual(
      PRICING.staticQueryHashes.map((hash) => `GET ${staticQueryUrl(hash)}`),
    );
  });

  it("a 404 HTML served at a missing path renders there with no request and no HEAD", async () => {
    const { loader, transport } = setup({ heads: { "/nope/": 200 } });
    const component = { chunk: "404" };
    loader.seed(bootstrap(NOT_FOUND), { pathname: "/nope", component });
    const outcome = await loader.loadPage("/nope/");
    expect(outcome.kind).toBe("not-found");
    expect(resourcesOf(outcome).pageData).toEqual(NOT_FOUND);
    expect(transport.requests).toEqual([]);
  });

  it("the same without the component: only the chunk loads", async () => {
    const { loader, transport, chunkLoads } = setup({ heads: { "/nope/": 200 } });
    loader.seed(bootstrap(NOT_FOUND), { pathname: "/nope/" });
    expect((await loader.loadPage("/nope/")).kind).toBe("not-found");
    expect(transport.requests).toEqual([]);
    expect(chunkLoads).toEqual([NOT_FOUND.componentChunkName]);
  });

  it("renders inlined page data of another hash (the first-load check owns that case)", async () => {
    const { loader, transport } = setup();
    loader.seed(bootstrap({ ...ABOUT, compilationHash: "older" }));
    expect((await loader.loadPage("/about/")).kind).toBe("page");
    expect(transport.requests).toEqual([]);
  });

  it("adopts the bootstrap's match paths", async () => {
    const builder = page("/interview-builder/", { matchPath: "/interview-builder/*" });
    const { loader, transport } = setup();
    loader.seed(bootstrap(builder), { component: {} });
    expect(loader.resolve("/interview-builder/x/y")).toBe("/interview-builder/");
    expect((await loader.loadPage("/interview-builder/x/y")).kind).toBe("page");
    expect(transport.requests).toEqual([]);
  });

  it("answers an unknown page with the 404 resources, then from the cache", async () => {
    const { loader, transport } = setup();
    const first = await loader.loadPage("/missing/");
    expect(resourcesOf(first).pageData).toEqual(NOT_FOUND);
    const requests = transport.requests.length;
    expect(resourcesOf(await loader.loadPage("/missing")).pageData).toEqual(NOT_FOUND);
    expect(transport.requests.length).toBe(requests);
  });
});

describe("PageLoader.seed: the first page's component still loading", () => {
  const TEMPLATE = "template---blog-post";
  const POST_A = page("/blog/a/", { componentChunkName: TEMPLATE });
  const POST_B = page("/blog/b/", { componentChunkName: TEMPLATE });
  const posts = { routes: { [pageDataUrl(POST_B.path)]: { status: 200, json: POST_B } } };
  const bootstrap: BootstrapData = {
    compilationHash: BUILD,
    pageData: POST_A,
    staticQueryResults: { [SQ.site]: SQ_DATA[SQ.site] },
    slices: {},
    matchPaths: [],
  };
  const chunkFailed = { kind: "full-navigation", reason: "chunk-failed" };
  /** A load of the first page's chunk that settles when told to, like boot.tsx's island's. */
  function pendingComponent() {
    const settle: { resolve(value: unknown): void; reject(error: unknown): void } = {
      resolve: () => {},
      reject: () => {},
    };
    const loading = new Promise<unknown>((resolve, reject) => {
      settle.resolve = resolve;
      settle.reject = reject;
    });
    return { loading, ...settle };
  }

  it("reuses a component that loads: no chunk load for its page or its template's", async () => {
    const { loader, transport, chunkLoads } = setup(posts);
    const component = { chunk: "the island's" };
    loader.seed(bootstrap, { loadingComponent: Promise.resolve(component) });
    expect(resourcesOf(await loader.loadPage("/blog/b/")).component).toBe(component);
    expect(resourcesOf(await loader.loadPage("/blog/a/")).component).toBe(component);
    expect(chunkLoads).toEqual([]);
    expect(transport.requests).toEqual([`GET ${pageDataUrl(POST_B.path)}`]);
  });

  it("joins a load still under way instead of starting another", async () => {
    const { loader, chunkLoads } = setup(posts);
    const first = pendingComponent();
    loader.seed(bootstrap, { loadingComponent: first.loading });
    const navigation = loader.loadPage("/blog/b/");
    await new Promise((resolve) => setTimeout(resolve, 0)); // Its page data has arrived.
    const component = { chunk: "arrived late" };
    first.resolve(component);
    expect(resourcesOf(await navigation).component).toBe(component);
    expect(chunkLoads).toEqual([]);
  });

  it("forgets a component that failed: the next page of its template loads it again", async () => {
    const { loader, chunkLoads } = setup(posts);
    loader.seed(bootstrap, { loadingComponent: Promise.reject(new Error("chunk gone")) });
    await Promise.resolve();
    expect(resourcesOf(await loader.loadPage("/blog/b/")).component).toEqual({ chunk: TEMPLATE });
    expect(chunkLoads).toEqual([TEMPLATE]);
  });

  it("navigates in full when the chunk fails again, for the first page too", async () => {
    const { loader, chunkLoads } = setup({ ...posts, failingChunks: [TEMPLATE] });
    loader.seed(bootstrap, { loadingComponent: Promise.reject(new Error("chunk gone")) });
    await Promise.resolve();
    expect(await loader.loadPage("/blog/b/")).toEqual(chunkFailed);
    expect(await loader.loadPage("/blog/a/")).toEqual(chunkFailed);
    expect(chunkLoads).toEqual([TEMPLATE, TEMPLATE]);
  });

  it("navigates in full when a navigation joined the load that fails", async () => {
    const { loader, chunkLoads } = setup(posts);
    const first = pendingComponent();
    loader.seed(bootstrap, { loadingComponent: first.loading });
    const navigation = loader.loadPage("/blog/b/");
    await new Promise((resolve) => setTimeout(resolve, 0)); // Its page data has arrived.
    first.reject(new Error("chunk gone"));
    expect(await navigation).toEqual(chunkFailed);
    expect(chunkLoads).toEqual([]);
    expect(resourcesOf(await loader.loadPage("/blog/b/")).component).toEqual({ chunk: TEMPLATE });
  });

  it("a 404 HTML served at a missing path still renders there with no request", async () => {
    const { loader, transport, chunkLoads } = setup({ heads: { "/nope/": 200 } });
    const component = { chunk: "404" };
    loader.seed(
      { ...bootstrap, pageData: NOT_FOUND },
      { pathname: "/nope/", loadingComponent: Promise.resolve(component) },
    );
    const outcome = await loader.loadPage("/nope/");
    expect(outcome.kind).toBe("not-found");
    expect(resourcesOf(outcome).component).toBe(component);
    expect(transport.requests).toEqual([]);
    expect(chunkLoads).toEqual([]);
  });
});

describe("PageLoader.prefetch", () => {
  it("loads page data and the chunk only, and the navigation then reuses the page data", async () => {
    const { loader, transport, chunkLoads } = setup();
    expect(await loader.prefetch("/with-slices/")).toBe(true);
    expect(transport.requests).toEqual([`GET ${pageDataUrl("/with-slices/")}`]);
    expect(chunkLoads).toEqual([WITH_SLICES.componentChunkName]);
    await loader.loadPage("/with-slices/");
    expect(transport.count(`GET ${pageDataUrl("/with-slices/")}`)).toBe(1);
    expect(chunkLoads).toEqual([WITH_SLICES.componentChunkName]);
  });

  it("is true and silent for a page already loaded", async () => {
    const { loader, transport } = setup();
    await loader.loadPage("/about/");
    const before = transport.requests.length;
    expect(await loader.prefetch("/about")).toBe(true);
    expect(transport.requests.length).toBe(before);
  });

  it("is false for a missing page and sends no HEAD", async () => {
    const { loader, transport } = setup();
    expect(await loader.prefetch("/missing/")).toBe(false);
    expect(transport.requests).toEqual([`GET ${pageDataUrl("/missing/")}`]);
  });

  it("is false, never a rejection, when every attempt fails", async () => {
    const { loader, transport } = setup({ routes: { [pageDataUrl("/about/")]: "network-error" } });
    await expect(loader.prefetch("/about/")).resolves.toBe(false);
    expect(transport.count("GET ")).toBe(ATTEMPTS);
  });

  it("is false when the chunk fails", async () => {
    const { loader } = setup({ failingChunks: [ABOUT.componentChunkName] });
    expect(await loader.prefetch("/about/")).toBe(false);
  });

  it("is false for a page of another build, without loading its chunk", async () => {
    const { loader, chunkLoads } = setup({
      routes: {
        [pageDataUrl("/about/")]: { status: 200, json: { ...ABOUT, compilationHash: "b2" } },
      },
    });
    expect(await loader.prefetch("/about/")).toBe(false);
    expect(chunkLoads).toEqual([]);
  });

  it("is false for a path already known to be missing", async () => {
    const { loader, transport } = setup();
    await loader.loadPage("/missing/");
    const before = transport.requests.length;
    expect(await loader.prefetch("/missing/")).toBe(false);
    expect(transport.requests.length).toBe(before);
  });
});
