import type { RouterLocation } from "./location.ts";

/**
 * Small history and scrolling helpers shared by the router (first load) and its navigation
 * engine (router-navigation.ts, loaded after hydration).
 */

export function currentLocation(): RouterLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** Same page: only the hash may differ. */
export function sameDocument(a: RouterLocation, b: RouterLocation): boolean {
  return a.pathname === b.pathname && a.search === b.search;
}

export function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The current history entry's key (scroll memory), stamped on the entry when it has none. */
export function entryKey(): string {
  const state = window.history.state as { key?: unknown } | null;
  if (state && typeof state.key === "string") return state.key;
  const key = newEntryKey();
  window.history.replaceState({ ...(state ?? {}), key }, "");
  return key;
}

/** Scrolls the hash's target into view; false when the document has no such element. */
export function scrollToHash(hash: string): boolean {
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
