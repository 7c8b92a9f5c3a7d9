import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { type BootstrapData, ROOT_ELEMENT_ID } from "../protocol/index.ts";
import { readBootstrapData } from "./bootstrap-data.ts";
import { browserTransport } from "./browser-transport.ts";
import type { ClientEngine } from "./client-engine.ts";
import { loadFirstPage } from "./first-page.ts";
import { whenIdle } from "./idle.ts";
import type { PageResources } from "./loader.ts";
import type { RenderPage } from "./page-tree.tsx";
import { Router } from "./router.tsx";

export interface BootResult {
  bootstrap: BootstrapData;
  /** What the first render used: the page data, its component and its static query results. */
  resources: PageResources;
}

export interface BootOptions {
  loadComponent(componentChunkName: string): Promise<unknown>;
  renderPage: RenderPage;
}

const loadEngineModule = () => import("./client-engine.ts");

/**
 * Starts the client: reads the page's inline resources, loads the page's component chunk and
 * the files it reads, and hydrates the prerendered HTML. The page loader, the build-hash check,
 * prefetching and client-side navigation are not needed for that: they load once the browser
 * is idle after hydration (client-engine.ts), or at the first navigation if that comes sooner.
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

  let outcome: Awaited<ReturnType<typeof loadFirstPage>>;
  try {
    outcome = await loadFirstPage(bootstrap, { get: browserTransport.get, loadComponent });
  } catch (error) {
    checkBuildHashAnyway(bootstrap);
    throw error;
  }
  if (outcome.kind === "full-navigation") {
    // A stale page (an older build's HTML) is the usual cause: the hash check reloads it once.
    checkBuildHashAnyway(bootstrap);
    // The prerendered HTML stays usable; reloading here could loop, so only report it.
    const message = `The page component for ${pathname} could not be loaded (${outcome.reason}); the page stays static.`;
    console.error(message);
    throw new Error(message);
  }
  const { resources } = outcome;

  let engine: Promise<ClientEngine> | null = null;
  const loadEngine = (): Promise<ClientEngine> => {
    engine ??= loadEngineModule().then(
      ({ startClientEngine }) =>
        startClientEngine({ bootstrap, pathname, resources, loadComponent }),
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
