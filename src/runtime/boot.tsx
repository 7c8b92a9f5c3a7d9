import { type ComponentType, lazy, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { type BootstrapData, ROOT_ELEMENT_ID } from "../protocol/index.ts";
import { readBootstrapData } from "./bootstrap-data.ts";
import { browserTransport } from "./browser-transport.ts";
import type { ClientEngine } from "./client-engine.ts";
import { loadFirstPageData } from "./first-page.ts";
import { idleOrIntent, whenIdle } from "./idle.ts";
import type { PageResources } from "./loader.ts";
import type { RenderPage } from "./page-tree.tsx";
import type { PageDataFiles } from "./protocol-files.ts";
import { Router } from "./router.tsx";

export interface BootResult {
  bootstrap: BootstrapData;
  /** What the first render used: the page data, its component and its static query results. */
  resources: PageResources;
}

export interface BootOptions {
  loadComponent(componentChunkName: string): Promise<unknown>;
  /** Loads the first page's component, when the page names its module (else `loadComponent`). */
  loadFirstComponent?(): Promise<unknown>;
  renderPage: RenderPage;
}

const loadEngineModule = () => import("./client-engine.ts");

/**
 * Starts the client: reads the page's inline resources, loads the files the shell reads, and
 * hydrates the prerendered HTML. What that first render can do without loads after it: the
 * page's own component and the header, islands that hydrate in place once the browser is idle
 * or the visitor reaches for the page (page-island.tsx, src/shell/header-slot.tsx); the page
 * loader, the build-hash check, prefetching and client-side navigation, once the browser is
 * idle or at the first navigation (client-engine.ts).
 */
export async function boot({
  loadComponent,
  loadFirstComponent,
  renderPage,
}: BootOptions): Promise<BootResult> {
  const { pathname } = window.location;
  const bootstrap = readBootstrapData(document);
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!bootstrap || !root) {
    const message = `page resources for ${pathname} not found. Not rendering React`;
    console.error(message);
    throw new Error(message);
  }

  let files: PageDataFiles;
  try {
    files = await loadFirstPageData(bootstrap, browserTransport.get);
  } catch (error) {
    // A stale page (an older build's HTML) can cause it: the hash check reloads it once.
    checkBuildHashAnyway(bootstrap);
    throw error;
  }
  const loadPageComponent =
    loadFirstComponent ?? (() => loadComponent(bootstrap.pageData.componentChunkName));
  // One load, shared by the island and the page loader (client-engine.ts): the loader needs
  // its rejection, which the island hides, to load a failed chunk again for a later page.
  let loadingComponent: Promise<unknown> | undefined;
  const loadPageComponentOnce = (): Promise<unknown> => {
    loadingComponent ??= idleOrIntent().then(loadPageComponent);
    return loadingComponent;
  };
  // The page's component is an island (page-island.tsx): its code loads after hydration.
  const component = lazy(() =>
    loadPageComponentOnce().then(
      (loaded) => ({ default: loaded as ComponentType }),
      (error: unknown) => {
        // A stale page's chunks are gone: the hash check reloads it once. Otherwise the
        // prerendered page stays as it is, static: a promise that never settles keeps React
        // from replacing it with the boundary's empty fallback. Only this first render gets
        // it; the page loader was given the rejection (see loadPageComponentOnce).
        console.error(
          `The page component for ${pathname} could not be loaded; the page stays static.`,
          error,
        );
        checkBuildHashAnyway(bootstrap);
        return new Promise<never>(() => {});
      },
    ),
  );
  const resources: PageResources = { pageData: bootstrap.pageData, component, ...files };

  let engine: Promise<ClientEngine> | null = null;
  const loadEngine = (): Promise<ClientEngine> => {
    engine ??= loadEngineModule().then(
      ({ startClientEngine }) =>
        startClientEngine({
          bootstrap,
          pathname,
          resources,
          loadingComponent: loadPageComponentOnce(),
          loadComponent,
        }),
      (error: unknown) => {
        engine = null;
        throw error;
      },
    );
    return engine;
  };

  // Hydrating inside a transition lets React yield to the browser every few milliseconds
  // instead of holding the main thread for the whole page (a long task of 100–200 ms on a
  // mid-range phone, all of it counted as blocking time now that hydration follows the first
  // paint). A click or key press during hydration still hydrates its target first.
  startTransition(() => {
    hydrateRoot(
      root,
      <Router
        initialResources={resources}
        renderedLocation={{ pathname: bootstrap.pageData.path, search: "", hash: "" }}
        renderPage={renderPage}
        loadEngine={(view) => loadEngine().then((loaded) => loaded.router(view))}
        loadPrefetcher={() => loadEngine().then((loaded) => loaded.prefetcher)}
      />,
    );
  });
  whenIdle(() => {
    import("./service-worker.ts").then(
      ({ registerServiceWorkerInBrowser }) => registerServiceWorkerInBrowser(),
      (error: unknown) => console.error("The service worker registration could not load.", error),
    );
  });
  return { bootstrap, resources };
}

function checkBuildHashAnyway(bootstrap: BootstrapData): void {
  loadEngineModule().then(
    ({ checkBuildHash }) => checkBuildHash(bootstrap),
    () => {
      // Offline or the chunk is gone too: nothing more to try.
    },
  );
}
