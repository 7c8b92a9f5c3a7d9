import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  APP_DATA_URL,
  type AppData,
  type BootstrapData,
  ROOT_ELEMENT_ID,
} from "../protocol/index.ts";
import { readBootstrapData } from "./bootstrap-data.ts";
import { browserSessionFlagStorage, checkBuildHashOnFirstLoad } from "./bootstrap-hash.ts";
import { whenIdle } from "./idle.ts";
import { type LoaderTransport, PageLoader, type PageResources } from "./loader.ts";
import type { RenderPage } from "./page-tree.tsx";
import { Router } from "./router.tsx";

const browserTransport: LoaderTransport = {
  async get(url) {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    return { status: response.status, text: await response.text() };
  },
  async head(url) {
    return (await fetch(url, { method: "HEAD" })).status;
  },
};

export interface BootResult {
  loader: PageLoader;
  bootstrap: BootstrapData;
  /** What the first render used: the page data, its component and its static query results. */
  resources: PageResources;
}

export interface BootOptions {
  loadComponent(componentChunkName: string): Promise<unknown>;
  renderPage: RenderPage;
}

/**
 * Starts the client: reads the page's inline resources, checks the build hash, loads the
 * page's component chunk and hydrates the prerendered HTML.
 */
export async function boot({ loadComponent, renderPage }: BootOptions): Promise<BootResult> {
  const { pathname } = window.location;
  const bootstrap = readBootstrapData(document);
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!bootstrap || !root) {
    const message = `page resources for ${pathname} not found. Not rendering React`;
    console.error(message);
    throw new Error(message);
  }

  void checkBuildHashOnFirstLoad(bootstrap.compilationHash, {
    fetchAppData: async () => {
      const response = await fetch(APP_DATA_URL, { cache: "no-store" });
      if (!response.ok) throw new Error(`${APP_DATA_URL} answered ${response.status}`);
      return (await response.json()) as AppData;
    },
    storage: browserSessionFlagStorage(),
    reload: () => window.location.reload(),
  });

  const loader = new PageLoader({
    transport: browserTransport,
    loadComponent,
    compilationHash: bootstrap.compilationHash,
    matchPaths: bootstrap.matchPaths,
  });
  // Seeding under the visited path too lets a 404 page served at /missing/ be found again
  // (back/forward) without a request.
  loader.seed(bootstrap, { pathname });

  const outcome = await loader.loadPage(bootstrap.pageData.path);
  if (outcome.kind === "full-navigation") {
    // The prerendered HTML stays usable; reloading here could loop, so only report it.
    const message = `The page component for ${pathname} could not be loaded (${outcome.reason}); the page stays static.`;
    console.error(message);
    throw new Error(message);
  }

  // Hydrating inside a transition lets React yield to the browser every few milliseconds
  // instead of holding the main thread for the whole page (a long task of 100–200 ms on a
  // mid-range phone, all of it counted as blocking time now that hydration follows the first
  // paint). A click or key press during hydration still hydrates its target first.
  startTransition(() => {
    hydrateRoot(
      root,
      <Router
        loader={loader}
        initialResources={outcome.resources}
        renderedLocation={{ pathname: bootstrap.pageData.path, search: "", hash: "" }}
        renderPage={renderPage}
        // Prefetching starts seconds after a link appears anyway: its code need not be in the
        // first load, and nor does the service worker's registration.
        loadPrefetcher={() =>
          import("./prefetch.ts").then(({ createBrowserPrefetcher }) =>
            createBrowserPrefetcher(loader),
          )
        }
      />,
    );
  });
  whenIdle(() => {
    import("./service-worker.ts").then(
      ({ registerServiceWorkerInBrowser }) => registerServiceWorkerInBrowser(),
      (error: unknown) => console.error("The service worker registration could not load.", error),
    );
  });
  return { loader, bootstrap, resources: outcome.resources };
}
