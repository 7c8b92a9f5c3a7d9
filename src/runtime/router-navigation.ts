import { DELAYED_NAVIGATION_MS, MAIN_CONTENT_ID } from "./constants.ts";
import { newEntryKey, sameDocument, scrollToHash } from "./history.ts";
import type { PageLoader, PageResources } from "./loader.ts";
import { emitRouteUpdate, type RouterLocation } from "./location.ts";
import type { NavigateOptions } from "./navigation.ts";
import { ScrollMemory } from "./scroll-memory.ts";

/**
 * How a state was reached, which decides where the page scrolls once it has rendered: a push
 * to the hash's target or the top, a pop to the entry's remembered position, and a push whose
 * caller scrolls (`NavigateOptions.scroll` false) nowhere.
 */
export type NavigationKind = "initial" | "push" | "push-no-scroll" | "pop";

export interface RouterState {
  resources: PageResources;
  location: RouterLocation;
  /** The history entry this state belongs to (scroll memory key); "" while hydrating. */
  key: string;
  kind: NavigationKind;
}

/** The router component's state, as the engine reads and changes it. */
export interface RouterView {
  state(): RouterState;
  setState(state: RouterState): void;
  setDelayed(delayed: boolean): void;
  setAnnouncement(text: string): void;
}

/** Client-side navigation, loaded after hydration (the first render needs none of it). */
export interface RouterEngine {
  /**
   * `startedAt` is the `performance.now()` of the visitor's click, when the engine was still
   * loading then: the delayed notice counts from the click, not from when the engine arrived.
   * `scrollY` is the scroll position at the click, which the entry being left keeps: the page
   * may have moved since (an in-page hash link scrolls at once, before the engine runs).
   */
  navigate(
    to: string,
    options?: NavigateOptions,
    startedAt?: number,
    scrollY?: number,
  ): Promise<void>;
  /** Back or forward to `location`, whose history entry has `key`. */
  popState(location: RouterLocation, key: string): void;
  /** After a page change has rendered: scroll, focus, announce, tell listeners. */
  afterRender(state: RouterState, previous: RouterLocation | null): void;
}

function fullNavigation(location: RouterLocation): void {
  window.location.assign(location.pathname + location.search + location.hash);
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

function sessionScrollMemory(): ScrollMemory {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return new ScrollMemory(storage);
}

/**
 * Client-side navigation over the page loader: loads a page's resources before showing it,
 * falls back to a full page load whenever the loader says so, restores scroll on
 * back/forward, moves focus to the main content and announces the new page.
 */
export function createRouterEngine(loader: PageLoader, view: RouterView): RouterEngine {
  const memory = sessionScrollMemory();
  /**
   * The newest navigation's number. Every navigation takes one, same-document ones included, so
   * a page load still pending for an older one is dropped when it settles: rendered then, it
   * would undo what the visitor did since (a Back press, a hash link).
   */
  let navigationToken = 0;

  /**
   * Shows the delayed notice once navigation `token` has run DELAYED_NAVIGATION_MS since
   * `startedAt`; returns the function that ends it. Only the newest navigation shows or hides
   * the notice, so whichever supersedes a delayed one takes it down when it is done.
   */
  const delayedNotice = (token: number, startedAt: number): (() => void) => {
    const waited = performance.now() - startedAt;
    const timer = window.setTimeout(
      () => {
        if (token === navigationToken) view.setDelayed(true);
      },
      Math.max(0, DELAYED_NAVIGATION_MS - waited),
    );
    return () => {
      window.clearTimeout(timer);
      if (token === navigationToken) view.setDelayed(false);
    };
  };

  /** Another entry of the page being shown: nothing to load, so done at once. */
  const showSameDocument = (state: RouterState): void => {
    view.setDelayed(false); // A navigation this one superseded may have shown it.
    view.setState(state);
  };

  const pushEntry = (target: RouterLocation, options: NavigateOptions): string => {
    const key = newEntryKey();
    const href = target.pathname + target.search + target.hash;
    if (options.replace) window.history.replaceState({ key }, "", href);
    else window.history.pushState({ key }, "", href);
    return key;
  };

  return {
    async navigate(to, options = {}, startedAt = performance.now(), scrollY = window.scrollY) {
      const url = new URL(to, window.location.href);
      const target: RouterLocation = { pathname: url.pathname, search: url.search, hash: url.hash };
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      const token = ++navigationToken;
      const current = view.state();
      memory.save(current.key, scrollY);
      const kind = options.scroll === false ? "push-no-scroll" : "push";

      if (sameDocument(target, current.location)) {
        // Only the hash changes: no page load, just a history entry (and the scroll, once shown).
        showSameDocument({ ...current, location: target, key: pushEntry(target, options), kind });
        return;
      }

      const endNotice = delayedNotice(token, startedAt);
      try {
        const outcome = await loader.loadPage(target.pathname);
        if (token !== navigationToken) return; // A newer navigation won.
        if (outcome.kind === "full-navigation") {
          fullNavigation(target);
          return;
        }
        const key = pushEntry(target, options);
        view.setState({ resources: outcome.resources, location: target, key, kind });
      } catch (error) {
        console.error(`Loading ${target.pathname} failed; loading it as a full page.`, error);
        if (token === navigationToken) fullNavigation(target);
      } finally {
        endNotice();
      }
    },

    popState(location, key) {
      const token = ++navigationToken;
      const current = view.state();
      memory.save(current.key, window.scrollY);
      if (sameDocument(location, current.location)) {
        showSameDocument({ ...current, location, key, kind: "pop" });
        return;
      }
      const endNotice = delayedNotice(token, performance.now());
      loader
        .loadPage(location.pathname)
        .then(
          (outcome) => {
            if (token !== navigationToken) return;
            if (outcome.kind === "full-navigation") window.location.reload();
            else view.setState({ resources: outcome.resources, location, key, kind: "pop" });
          },
          (error: unknown) => {
            console.error(`Loading ${location.pathname} failed; reloading.`, error);
            window.location.reload();
          },
        )
        .finally(endNotice);
    },

    afterRender({ location, kind, resources, key }, previous) {
      const pageChanged = previous === null || !sameDocument(previous, location);
      if (kind === "pop") {
        window.scrollTo(0, memory.get(key) ?? 0);
      } else if (kind === "push" && !(location.hash && scrollToHash(location.hash))) {
        window.scrollTo(0, 0);
      }
      if (!pageChanged) return;
      syncHead(resources);
      document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
      view.setAnnouncement(`Navigated to ${pageName(resources)}`);
      emitRouteUpdate({ location, prevLocation: previous });
    },
  };
}
