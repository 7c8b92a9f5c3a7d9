import { APP_DATA_URL, type AppData, type BootstrapData } from "../protocol/index.ts";
import { browserSessionFlagStorage, checkBuildHashOnFirstLoad } from "./bootstrap-hash.ts";
import { browserTransport } from "./browser-transport.ts";
import { PageLoader, type PageResources } from "./loader.ts";
import { createBrowserPrefetcher } from "./prefetch.ts";
import type { LinkPrefetcher } from "./prefetch-context.ts";
import { createRouterEngine, type RouterEngine, type RouterView } from "./router-navigation.ts";

/**
 * The first load's build-hash check: HTML from an older build (a cache) reloads once. Also
 * run when the first page could not start, which is what a stale page's missing chunks cause.
 */
export function checkBuildHash(bootstrap: BootstrapData): void {
  void checkBuildHashOnFirstLoad(bootstrap.compilationHash, {
    fetchAppData: async () => {
      const response = await fetch(APP_DATA_URL, { cache: "no-store" });
      if (!response.ok) throw new Error(`${APP_DATA_URL} answered ${response.status}`);
      return (await response.json()) as AppData;
    },
    storage: browserSessionFlagStorage(),
    reload: () => window.location.reload(),
  });
}

export interface ClientEngineStart {
  bootstrap: BootstrapData;
  /** The pathname the HTML was served at. */
  pathname: string;
  /** What the first render used (first-page.ts): the loader starts with it in its caches. */
  resources: PageResources;
  loadComponent(componentChunkName: string): Promise<unknown>;
}

export interface ClientEngine {
  prefetcher: LinkPrefetcher;
  router(view: RouterView): RouterEngine;
}

/**
 * Everything the client needs after the first render, in one chunk that boot.tsx loads once
 * the page has hydrated and the browser is idle, or at the first navigation if that comes
 * sooner: the first load's build-hash check, the page loader (seeded with the first page, so
 * nothing is fetched again), link prefetching and client-side navigation.
 */
export function startClientEngine({
  bootstrap,
  pathname,
  resources,
  loadComponent,
}: ClientEngineStart): ClientEngine {
  // A task of its own: the check's first use of sessionStorage and its request, together with
  // making the loader and the prefetcher, took 20 ms of one task on a slow 2-core machine.
  setTimeout(() => checkBuildHash(bootstrap), 0);
  const loader = new PageLoader({
    transport: browserTransport,
    loadComponent,
    compilationHash: bootstrap.compilationHash,
    matchPaths: bootstrap.matchPaths,
  });
  // Seeding under the visited path too lets a 404 page served at /missing/ be found again
  // (back/forward) without a request.
  loader.seed(
    { ...bootstrap, staticQueryResults: resources.staticQueryResults, slices: resources.slices },
    { pathname, component: resources.component },
  );
  return {
    prefetcher: createBrowserPrefetcher(loader),
    router: (view) => createRouterEngine(loader, view),
  };
}
