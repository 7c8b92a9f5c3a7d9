import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { DELAYED_NAVIGATION_MS, MAIN_CONTENT_ID } from "./constants.ts";
import type { PageLoader, PageResources } from "./loader.ts";
import { emitRouteUpdate, type RouterLocation } from "./location.ts";
import { type NavigateOptions, setNavigator } from "./navigation.ts";
import { PageTree, type RenderPage } from "./page-tree.tsx";
import type { LinkPrefetcher } from "./prefetch-context.ts";
import { ScrollMemory } from "./scroll-memory.ts";

type NavigationKind = "initial" | "push" | "pop";

interface RouterState {
  resources: PageResources;
  location: RouterLocation;
  /** The history entry this state belongs to (scroll memory key). */
  key: string;
  kind: NavigationKind;
}

function currentLocation(): RouterLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function sameDocument(a: RouterLocation, b: RouterLocation): boolean {
  return a.pathname === b.pathname && a.search === b.search;
}

function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function entryKey(): string {
  const state = window.history.state as { key?: unknown } | null;
  if (state && typeof state.key === "string") return state.key;
  const key = newEntryKey();
  window.history.replaceState({ ...(state ?? {}), key }, "");
  return key;
}

function fullNavigation(location: RouterLocation): void {
  window.location.assign(location.pathname + location.search + location.hash);
}

function scrollToHash(hash: string): boolean {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Keep the raw id.
  }
  const target = id ? document.getElementById(id) : null;
  // scroll-padding-top in the site's CSS keeps the target clear of the fixed header.
  target?.scrollIntoView();
  return target !== null;
}

function pageName(resources: PageResources): string {
  const heading = document.getElementById(MAIN_CONTENT_ID)?.querySelector("h1");
  const headingText = heading?.textContent?.trim();
  if (headingText) return headingText;
  const title = resources.pageData.result.pageContext.head?.title;
  return title || document.title || `new page at ${resources.pageData.path}`;
}

function syncHead(resources: PageResources): void {
  const head = resources.pageData.result.pageContext.head;
  if (!head) return;
  document.title = head.title;
  if (head.description !== undefined) {
    document.querySelector('meta[name="description"]')?.setAttribute("content", head.description);
  }
  if (head.canonical !== undefined) {
    document.querySelector('link[rel="canonical"]')?.setAttribute("href", head.canonical);
  }
}

export interface RouterProps {
  loader: PageLoader;
  initialResources: PageResources;
  /** The location the HTML was prerendered for; the real one is applied right after hydration. */
  renderedLocation: RouterLocation;
  renderPage: RenderPage;
  /** Loads the link prefetcher after hydration; links prefetch once it resolves. */
  loadPrefetcher?: () => Promise<LinkPrefetcher>;
}

/**
 * Client-side navigation over the page loader: loads a page's resources before showing it,
 * falls back to a full page load whenever the loader says so, restores scroll on
 * back/forward, moves focus to the main content and announces the new page.
 */
export function Router({
  loader,
  initialResources,
  renderedLocation,
  renderPage,
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
  const navigationToken = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const scrollMemory = useRef<ScrollMemory | null>(null);
  const previousLocation = useRef<RouterLocation | null>(null);

  const memory = useCallback((): ScrollMemory => {
    if (!scrollMemory.current) {
      let storage: Storage | null = null;
      try {
        storage = window.sessionStorage;
      } catch {
        storage = null;
      }
      scrollMemory.current = new ScrollMemory(storage);
    }
    return scrollMemory.current;
  }, []);

  const navigateTo = useCallback(
    async (to: string, options: NavigateOptions = {}): Promise<void> => {
      const url = new URL(to, window.location.href);
      const target: RouterLocation = { pathname: url.pathname, search: url.search, hash: url.hash };
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      const current = stateRef.current;
      memory().save(current.key, window.scrollY);

      if (sameDocument(target, current.location)) {
        // Only the hash changes: no page load, just history and scroll.
        const key = newEntryKey();
        const href = target.pathname + target.search + target.hash;
        if (options.replace) window.history.replaceState({ key }, "", href);
        else window.history.pushState({ key }, "", href);
        setState({ ...current, location: target, key, kind: "push" });
        return;
      }

      const token = ++navigationToken.current;
      const delayTimer = window.setTimeout(() => {
        if (token === navigationToken.current) setDelayed(true);
      }, DELAYED_NAVIGATION_MS);
      try {
        const outcome = await loader.loadPage(target.pathname);
        if (token !== navigationToken.current) return; // A newer navigation won.
        if (outcome.kind === "full-navigation") {
          fullNavigation(target);
          return;
        }
        const key = newEntryKey();
        const href = target.pathname + target.search + target.hash;
        if (options.replace) window.history.replaceState({ key }, "", href);
        else window.history.pushState({ key }, "", href);
        setState({ resources: outcome.resources, location: target, key, kind: "push" });
      } catch (error) {
        console.error(`Loading ${target.pathname} failed; loading it as a full page.`, error);
        if (token === navigationToken.current) fullNavigation(target);
      } finally {
        window.clearTimeout(delayTimer);
        if (token === navigationToken.current) setDelayed(false);
      }
    },
    [loader, memory],
  );

  // After hydration: take over navigation and history, and switch from the prerendered
  // location to the real one (query string, hash, or a sub-path of a matchPath page).
  useEffect(() => {
    setNavigator(navigateTo);
    window.history.scrollRestoration = "manual";
    const key = entryKey();
    startTransition(() => {
      setState((current) => ({ ...current, location: currentLocation(), key }));
    });

    const onPopState = (event: PopStateEvent) => {
      const location = currentLocation();
      const stateKey = (event.state as { key?: unknown } | null)?.key;
      const key = typeof stateKey === "string" ? stateKey : entryKey();
      const current = stateRef.current;
      memory().save(current.key, window.scrollY);
      if (sameDocument(location, current.location)) {
        setState({ ...current, location, key, kind: "pop" });
        return;
      }
      const token = ++navigationToken.current;
      loader.loadPage(location.pathname).then(
        (outcome) => {
          if (token !== navigationToken.current) return;
          if (outcome.kind === "full-navigation") window.location.reload();
          else setState({ resources: outcome.resources, location, key, kind: "pop" });
        },
        (error: unknown) => {
          console.error(`Loading ${location.pathname} failed; reloading.`, error);
          window.location.reload();
        },
      );
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [loader, navigateTo, memory]);

  useEffect(() => {
    if (!loadPrefetcher) return;
    let cancelled = false;
    loadPrefetcher().then(
      (loaded) => {
        if (!cancelled) startTransition(() => setPrefetcher(loaded));
      },
      (error: unknown) => console.error("Link prefetching could not load.", error),
    );
    return () => {
      cancelled = true;
    };
  }, [loadPrefetcher]);

  // After a page change has rendered: scroll, focus, announce, tell listeners.
  useLayoutEffect(() => {
    const { location, kind, resources, key } = state;
    const previous = previousLocation.current;
    if (key === "") return; // Hydration render: the effect above sets the real location.
    previousLocation.current = location;
    if (kind === "initial") {
      if (location.hash) scrollToHash(location.hash);
      emitRouteUpdate({ location, prevLocation: null });
      return;
    }
    const pageChanged = previous === null || !sameDocument(previous, location);
    if (kind === "pop") {
      window.scrollTo(0, memory().get(key) ?? 0);
    } else if (!(location.hash && scrollToHash(location.hash))) {
      window.scrollTo(0, 0);
    }
    if (!pageChanged) return;
    syncHead(resources);
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    setAnnouncement(`Navigated to ${pageName(resources)}`);
    emitRouteUpdate({ location, prevLocation: previous });
  }, [state, memory]);

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
