import { APP_DATA_URL, type AppData, type BootstrapData } from "../protocol/index.ts";
import {
  browserSessionFlagStorage,
  checkBuildHashOnFirstLoad,
  oncePerLoad,
} from "./bootstrap-hash.ts";
import { browserTransport } from "./browser-transport.ts";
import { PageLoader, type PageResources } from "./loader.ts";
import { createBrowserPrefetcher } from "./prefetch.ts";
import type { LinkPrefetcher } from "./prefetch-context.ts";
import { createRouterEngine, type RouterEngine, type RouterView } from "./router-navigation.ts";

/** This module loads once per page, so this is the page load's one check (see oncePerLoad). */
const checkBuildHashOnce = oncePerLoad(checkBuildHashOnFirstLoad);

/**
 * The first load's build-hash check: HTML from an older build (a cache) reloads once. Also
 * asked for when the first page could not start, which is what a stale page's missing chunks
 * cause; whichever asks first runs it, and later calls do nothing.
 */
export function checkBuildHash(bootstrap: BootstrapData): void {
  void checkBuildHashOnce(bootstrap.compilationHash, {
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
  /** What the first render used (first-page.ts): the loader starts with its data in its caches. */
  resources: PageResources;
  /**
   * The first page's component as it loads, which rejects when its chunk fails. The loader
   * starts with this, not with `resources.component`: that is the first render's lazy island,
   * which never settles when the chunk fails (boot.tsx), so a later page of the same template
   * would render empty instead of loading the chunk again or navigating in full.
   */
  loadingComponent: Promise<unknown>;
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
  loadingComponent,
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
  // Once loaded, the loader keeps the component the first render used (the island), not the
  // module's: another page of the same template then renders the same component type, so React
  // updates the mounted page instead of remounting it (a match-path page like the interview
  // builder keeps its state and reads the new address). A failed load still rejects.
  loader.seed(
    { ...bootstrap, staticQueryResults: resources.staticQueryResults, slices: resources.slices },
    { pathname, loadingComponent: loadingComponent.then(() => resources.component) },
  );
  return {
    prefetcher: createBrowserPrefetcher(loader),
    router: (view) => createRouterEngine(loader, view),
  };
}
