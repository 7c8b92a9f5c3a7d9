import {
  type BootstrapData,
  type MatchPathEntry,
  NOT_FOUND_PAGE_PATH,
  normalizePathname,
  type PageData,
  pageDataUrl,
  resolvePagePath,
  SERVER_ERROR_PAGE_PATH,
  type SliceData,
} from "../protocol/index.ts";
import { PAGE_DATA_RETRIES } from "./constants.ts";
import {
  type Answer,
  fetchSlice,
  fetchStaticQuery,
  type Get,
  isRecord,
  loadDataOf,
  type PageDataFiles,
} from "./protocol-files.ts";

export interface LoaderTransport {
  get: Get;
  /** HEAD; resolves with the status; rejects on network failure. */
  head(url: string): Promise<number>;
}

export interface PageResources extends PageDataFiles {
  pageData: PageData;
  /** Whatever `loadComponent` resolved for the page's `componentChunkName`. */
  component: unknown;
}

export type FullNavigationReason =
  | "retries-exhausted"
  | "real-file"
  | "chunk-failed"
  | "hash-mismatch";

export type LoadOutcome =
  | { kind: "page"; resources: PageResources }
  /** The 404 page's resources, to render at the URL that was asked for. */
  | { kind: "not-found"; resources: PageResources }
  /** The 500 page's resources, to render at the URL that was asked for. */
  | { kind: "server-error"; resources: PageResources }
  /** Leave the client runtime: the caller assigns the target URL (path, search and hash). */
  | { kind: "full-navigation"; reason: FullNavigationReason };

export interface PageLoaderOptions {
  transport: LoaderTransport;
  /** Rejects (or throws) when the chunk fails to load. */
  loadComponent(componentChunkName: string): Promise<unknown>;
  /** The running app's build hash. */
  compilationHash: string;
  /** Client-side route patterns, e.g. `{ path: "/interview-builder/", matchPath: "/interview-builder/*" }`. */
  matchPaths: MatchPathEntry[];
}

export interface SeedOptions {
  /**
   * The pathname the HTML was served at. When it is not the bootstrap page's own path and the
   * bootstrap page is the 404 page, that pathname is recorded as known-missing, so loading
   * it renders the 404 page without a request (the server already answered for it).
   */
  pathname?: string;
  /** The bootstrap page's component, when already imported: the first load then fetches nothing. */
  component?: unknown;
  /**
   * The bootstrap page's component while it loads, when `component` is not given: loads of its
   * chunk share it instead of starting another. A rejection is forgotten like any failed chunk
   * load's, so the next page of its template loads the chunk again, or navigates in full.
   */
  loadingComponent?: Promise<unknown>;
}

type PageDataResult =
  | { status: "found"; pageData: PageData }
  | { status: "not-found" }
  | { status: "server-error" }
  | { status: "failed" };

type Built = PageResources | { kind: "full-navigation"; reason: FullNavigationReason };

const fullNavigation = (reason: FullNavigationReason): LoadOutcome => ({
  kind: "full-navigation",
  reason,
});

/**
 * Loads what a page needs to render, following the page-data protocol (docs/architecture.md):
 * page data with retries and 404/500 fallbacks, its component chunk, its static queries and
 * slices, each fetched once, with one request in flight per URL.
 */
export class PageLoader {
  readonly #options: PageLoaderOptions;
  #matchPaths: MatchPathEntry[];
  readonly #requests = new Map<string, Promise<Answer>>();
  /** Only answers that a retry cannot change are kept; 500s and exhausted retries are asked again. */
  readonly #pageData = new OnceCache<PageDataResult>(
    (result) => result.status === "found" || result.status === "not-found",
  );
  readonly #pages = new OnceCache<LoadOutcome>(
    (outcome) => outcome.kind === "page" || outcome.kind === "not-found",
  );
  readonly #components = new OnceCache<unknown>();
  readonly #staticQueries = new OnceCache<unknown>();
  readonly #slices = new OnceCache<SliceData>();
  /** Paths the server itself answered with the 404 page, so no HEAD check is needed. */
  readonly #knownMissing = new Set<string>();
  /**
   * Page data inlined in the HTML is exempt from the hash check: the first-load check
   * (bootstrap-hash.ts) guards that case with its reload-once flag, while a full navigation
   * from here would reload the same URL unguarded, in a loop behind a stale cache.
   */
  readonly #inlined = new WeakSet<PageData>();

  constructor(options: PageLoaderOptions) {
    this.#options = options;
    this.#matchPaths = [...options.matchPaths];
  }

  /** The cache key of a pathname (see `resolvePagePath`), with this loader's match paths. */
  resolve(pathname: string): string {
    return resolvePagePath(pathname, this.#matchPaths);
  }

  /** Fill caches from the HTML's inline BootstrapData so the first render needs no request. */
  seed(bootstrap: BootstrapData, options: SeedOptions = {}): void {
    for (const entry of bootstrap.matchPaths ?? []) {
      const known = this.#matchPaths.some(
        (existing) => existing.path === entry.path && existing.matchPath === entry.matchPath,
      );
      if (!known) this.#matchPaths.push(entry);
    }
    const { pageData } = bootstrap;
    this.#inlined.add(pageData);
    const pagePath = normalizePathname(pageData.path);
    this.#pageData.set(pagePath, { status: "found", pageData });
    for (const [hash, data] of Object.entries(bootstrap.staticQueryResults ?? {})) {
      this.#staticQueries.set(hash, data);
    }
    for (const [name, slice] of Object.entries(bootstrap.slices ?? {})) {
      this.#slices.set(name, slice);
    }
    const { component, loadingComponent } = options;
    if (component !== undefined) {
      this.#components.set(pageData.componentChunkName, component);
    } else if (loadingComponent !== undefined) {
      void this.#components.load(pageData.componentChunkName, () => loadingComponent);
    }

    const servedAt = options.pathname === undefined ? pagePath : this.resolve(options.pathname);
    const servedAsNotFound = servedAt !== pagePath && pagePath === NOT_FOUND_PAGE_PATH;
    if (servedAsNotFound) {
      this.#pageData.set(servedAt, { status: "not-found" });
      this.#knownMissing.add(servedAt);
    }

    const resources = this.#cachedResources(pageData);
    if (resources === undefined) return;
    this.#pages.set(pagePath, { kind: "page", resources });
    if (servedAsNotFound) this.#pages.set(servedAt, { kind: "not-found", resources });
  }

  /** Client navigation to a path (pathname only; search/hash stripped by the caller). */
  loadPage(pathname: string): Promise<LoadOutcome> {
    const path = this.resolve(pathname);
    return this.#pages.load(path, () => this.#load(path, pathname));
  }

  /**
   * Page data, then its template chunk. Never rejects. Resolves true when both are loaded
   * (by this call or an earlier one), false when it could not or should not prefetch: the
   * page is missing or failing, or it comes from another build (its chunk names may not
   * exist in this one; the navigation will be a full one anyway).
   */
  async prefetch(pathname: string): Promise<boolean> {
    try {
      const result = await this.#loadPageData(this.resolve(pathname));
      if (result.status !== "found" || this.#isOtherBuild(result.pageData)) return false;
      await this.#loadComponent(result.pageData.componentChunkName);
      return true;
    } catch {
      return false;
    }
  }

  async #load(path: string, requested: string): Promise<LoadOutcome> {
    const result = await this.#loadPageData(path);
    switch (result.status) {
      case "found": {
        const built = await this.#build(result.pageData);
        return "kind" in built ? built : { kind: "page", resources: built };
      }
      case "server-error":
        return this.#errorPage("server-error", SERVER_ERROR_PAGE_PATH);
      case "failed":
        return fullNavigation("retries-exhausted");
      case "not-found": {
        // The 404 page loads while HEAD asks whether a real file lives at the path.
        const errorPage = this.#errorPage("not-found", NOT_FOUND_PAGE_PATH);
        errorPage.catch(() => {});
        if (!this.#knownMissing.has(path) && (await this.#isRealFile(requested))) {
          return fullNavigation("real-file");
        }
        return errorPage;
      }
    }
  }

  async #errorPage(kind: "not-found" | "server-error", errorPath: string): Promise<LoadOutcome> {
    const result = await this.#loadPageData(errorPath);
    if (result.status !== "found") {
      const why = {
        "not-found": "answered 404 or is not valid page data",
        "server-error": "answered 500",
        failed: `failed ${PAGE_DATA_RETRIES + 1} times`,
      }[result.status];
      throw new Error(
        `The ${errorPath} page data ${pageDataUrl(errorPath)} ${why}, so the ${kind} page cannot render. Check that the build wrote it and that it is deployed.`,
      );
    }
    const built = await this.#build(result.pageData);
    return "kind" in built ? built : { kind, resources: built };
  }

  #loadPageData(path: string): Promise<PageDataResult> {
    return this.#pageData.load(path, () => this.#fetchPageData(path));
  }

  async #fetchPageData(path: string): Promise<PageDataResult> {
    const url = pageDataUrl(path);
    for (let attempt = 0; attempt <= PAGE_DATA_RETRIES; attempt++) {
      const answer = await this.#get(url).catch(() => undefined);
      if (answer?.status === 200) {
        const pageData = parsePageData(answer.text);
        return pageData === undefined ? { status: "not-found" } : { status: "found", pageData };
      }
      if (answer?.status === 404) return { status: "not-found" };
      if (answer?.status === 500) return { status: "server-error" };
    }
    return { status: "failed" };
  }

  async #build(pageData: PageData): Promise<Built> {
    if (this.#isOtherBuild(pageData)) return { kind: "full-navigation", reason: "hash-mismatch" };
    const component = this.#loadComponent(pageData.componentChunkName).then(
      (value) => ({ loaded: true as const, value }),
      () => ({ loaded: false as const }),
    );
    const data = this.#loadDataOf(pageData);
    // A failed chunk means a full navigation, which reloads the data too: prefer it to a data error.
    data.catch(() => {});
    const chunk = await component;
    if (!chunk.loaded) return { kind: "full-navigation", reason: "chunk-failed" };
    return { pageData, component: chunk.value, ...(await data) };
  }

  #loadDataOf(pageData: PageData): Promise<PageDataFiles> {
    return loadDataOf(pageData, {
      staticQuery: (hash) => this.#loadStaticQuery(hash),
      slice: (name) => this.#loadSlice(name),
    });
  }

  /** Resources assembled from caches alone, or undefined when anything is missing. */
  #cachedResources(pageData: PageData): PageResources | undefined {
    if (!this.#components.has(pageData.componentChunkName)) return undefined;
    const slices: Record<string, SliceData> = {};
    for (const name of Object.values(pageData.slicesMap ?? {})) {
      const slice = this.#slices.peek(name);
      if (slice === undefined) return undefined;
      slices[name] = slice;
    }
    const hashes = [
      ...pageData.staticQueryHashes,
      ...Object.values(slices).flatMap((slice) => slice.staticQueryHashes),
    ];
    const staticQueryResults: Record<string, unknown> = {};
    for (const hash of hashes) {
      if (!this.#staticQueries.has(hash)) return undefined;
      staticQueryResults[hash] = this.#staticQueries.peek(hash);
    }
    const component = this.#components.peek(pageData.componentChunkName);
    return { pageData, component, staticQueryResults, slices };
  }

  #isOtherBuild(pageData: PageData): boolean {
    return (
      pageData.compilationHash !== undefined &&
      pageData.compilationHash !== this.#options.compilationHash &&
      !this.#inlined.has(pageData)
    );
  }

  #loadComponent(chunkName: string): Promise<unknown> {
    return this.#components.load(chunkName, async () => this.#options.loadComponent(chunkName));
  }

  #loadStaticQuery(hash: string): Promise<unknown> {
    return this.#staticQueries.load(hash, () => fetchStaticQuery(this.#getOnce, hash));
  }

  #loadSlice(name: string): Promise<SliceData> {
    return this.#slices.load(name, () => fetchSlice(this.#getOnce, name));
  }

  async #isRealFile(requested: string): Promise<boolean> {
    const target = requested.split(/[?#]/, 1)[0] ?? "";
    // `//host` and `/\host` would send the request to another origin.
    if (!target.startsWith("/") || /^\/[/\\]/.test(target)) return false;
    try {
      return (await this.#options.transport.head(target)) === 200;
    } catch {
      return false;
    }
  }

  /** One request in flight per URL; settled requests are forgotten so a retry asks again. */
  readonly #getOnce = (url: string): Promise<Answer> => this.#get(url);

  #get(url: string): Promise<Answer> {
    const pending = this.#requests.get(url);
    if (pending !== undefined) return pending;
    let request: Promise<Answer>;
    try {
      request = this.#options.transport.get(url);
    } catch (error) {
      request = Promise.reject(error);
    }
    this.#requests.set(url, request);
    const forget = () => this.#requests.delete(url);
    request.then(forget, forget);
    return request;
  }
}

/**
 * Values loaded at most once per key: concurrent callers share the pending promise, kept
 * values are served from memory, and rejected or unkept results are asked for again.
 */
class OnceCache<V> {
  readonly #values = new Map<string, V>();
  readonly #pending = new Map<string, Promise<V>>();
  readonly #keep: (value: V) => boolean;

  constructor(keep: (value: V) => boolean = () => true) {
    this.#keep = keep;
  }

  has(key: string): boolean {
    return this.#values.has(key);
  }

  peek(key: string): V | undefined {
    return this.#values.get(key);
  }

  set(key: string, value: V): void {
    this.#values.set(key, value);
  }

  load(key: string, start: () => Promise<V>): Promise<V> {
    if (this.#values.has(key)) return Promise.resolve(this.#values.get(key) as V);
    const pending = this.#pending.get(key);
    if (pending !== undefined) return pending;
    const promise = start();
    this.#pending.set(key, promise);
    promise.then(
      (value) => {
        this.#pending.delete(key);
        if (this.#keep(value)) this.#values.set(key, value);
      },
      () => this.#pending.delete(key),
    );
    return promise;
  }
}

function parsePageData(text: string): PageData | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.path !== "string") return undefined;
  if (typeof value.componentChunkName !== "string") return undefined;
  const hashes = value.staticQueryHashes;
  const staticQueryHashes = Array.isArray(hashes)
    ? hashes.filter((hash): hash is string => typeof hash === "string")
    : [];
  return { ...(value as unknown as PageData), staticQueryHashes };
}
