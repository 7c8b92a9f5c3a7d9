import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { currentLocation, entryKey, scrollToHash } from "./history.ts";
import { whenIdle } from "./idle.ts";
import type { PageResources } from "./loader.ts";
import { emitRouteUpdate, type RouterLocation } from "./location.ts";
import { setNavigator } from "./navigation.ts";
import { PageTree, type RenderPage } from "./page-tree.tsx";
import type { LinkPrefetcher } from "./prefetch-context.ts";
import type { RouterEngine, RouterState, RouterView } from "./router-navigation.ts";

export interface RouterProps {
  initialResources: PageResources;
  /** The location the HTML was prerendered for; the real one is applied right after hydration. */
  renderedLocation: RouterLocation;
  renderPage: RenderPage;
  /** Loads client-side navigation (router-navigation.ts) over this router's state. */
  loadEngine: (view: RouterView) => Promise<RouterEngine>;
  /** Loads the link prefetcher; links prefetch once it resolves. */
  loadPrefetcher?: () => Promise<LinkPrefetcher>;
}

/**
 * The page being shown, and the history it belongs to. Hydration needs only this state; the
 * navigation itself (page loader, scroll memory, focus and announcements) loads once the
 * browser is idle, or at the first navigation or back/forward if that comes sooner, which
 * then waits for it.
 */
export function Router({
  initialResources,
  renderedLocation,
  renderPage,
  loadEngine,
  loadPrefetcher,
}: RouterProps) {
  const [prefetcher, setPrefetcher] = useState<LinkPrefetcher | null>(null);
  const [state, setState] = useState<RouterState>(() => ({
    resources: initialResources,
    location: renderedLocation,
    key: "",
    kind: "initial",
  }));
  const [delayed, setDelayed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const stateRef = useRef(state);
  stateRef.current = state;
  const engineRef = useRef<RouterEngine | null>(null);
  const previousLocation = useRef<RouterLocation | null>(null);

  // After hydration: take over navigation and history, and switch from the prerendered
  // location to the real one (query string, hash, or a sub-path of a matchPath page).
  useEffect(() => {
    let engine: Promise<RouterEngine> | null = null;
    const view: RouterView = {
      state: () => stateRef.current,
      setState,
      setDelayed,
      setAnnouncement,
    };
    const loadedEngine = (): Promise<RouterEngine> => {
      engine ??= loadEngine(view).then(
        (loaded) => {
          engineRef.current = loaded;
          return loaded;
        },
        (error: unknown) => {
          engine = null;
          throw error;
        },
      );
      return engine;
    };
    setNavigator((to, options) => {
      // Read at the call: the engine may still be loading, and the delay counts from the click;
      // the caller may scroll meanwhile (an in-page hash link does, at once), and the entry
      // being left keeps the position it was clicked at.
      const startedAt = performance.now();
      const scrollY = window.scrollY;
      return loadedEngine().then(
        (loaded) => loaded.navigate(to, options, startedAt, scrollY),
        (error: unknown) => {
          console.error(`Client-side navigation could not load; loading ${to} in full.`, error);
          window.location.assign(to);
        },
      );
    });
    window.history.scrollRestoration = "manual";
    const key = entryKey();
    startTransition(() => {
      setState((current) => ({ ...current, location: currentLocation(), key }));
    });

    const onPopState = (event: PopStateEvent) => {
      // Read now: the entry and URL may change again while the engine loads.
      const location = currentLocation();
      const stateKey = (event.state as { key?: unknown } | null)?.key;
      const entry = typeof stateKey === "string" ? stateKey : entryKey();
      loadedEngine().then(
        (loaded) => loaded.popState(location, entry),
        () => window.location.reload(),
      );
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [loadEngine]);

  // Loading the prefetcher once the browser is idle also loads the engine's chunk (boot.tsx),
  // so the first click then navigates without waiting for it.
  useEffect(() => {
    if (!loadPrefetcher) return;
    let cancelled = false;
    whenIdle(() => {
      if (cancelled) return;
      loadPrefetcher().then(
        (loaded) => {
          if (!cancelled) startTransition(() => setPrefetcher(loaded));
        },
        (error: unknown) => console.error("Link prefetching could not load.", error),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [loadPrefetcher]);

  // After a page change has rendered: scroll, focus, announce, tell listeners.
  useLayoutEffect(() => {
    const { location, kind, key } = state;
    if (key === "") return; // Hydration render: the effect above sets the real location.
    const previous = previousLocation.current;
    previousLocation.current = location;
    if (kind === "initial") {
      if (location.hash) scrollToHash(location.hash);
      emitRouteUpdate({ location, prevLocation: null });
      return;
    }
    // Only the engine makes other states, so it has loaded.
    engineRef.current?.afterRender(state, previous);
  }, [state]);

  return (
    <PageTree
      resources={state.resources}
      location={state.location}
      renderPage={renderPage}
      prefetcher={prefetcher}
      announcement={announcement}
      delayed={delayed}
    />
  );
}
