import type { MouseEvent } from "react";
export interface NavigateOptions {
  /** Replace the current history entry instead of pushing a new one. */
  replace?: boolean;
  /**
   * False when the caller scrolls itself (the shell's hash links: offset, smooth, with focus):
   * the router records the entry, with a key of its own like any other, so Back and Forward
   * each return to their own position, and leaves the scroll alone. Call `navigate` before
   * scrolling: the position the entry being left keeps is the one at the call.
   */
  scroll?: boolean;
}

type Navigator = (to: string, options?: NavigateOptions) => Promise<void>;

// Until the router mounts (prerender, tests, or before hydration) navigation is a plain page load.
let activeNavigator: Navigator = async (to) => {
  if (typeof window !== "undefined") window.location.assign(to);
};

/** Called by the router when it mounts. */
export function setNavigator(navigator: Navigator): void {
  activeNavigator = navigator;
}

/**
 * Client-side navigation to a same-site path (with optional search and hash). Works outside
 * React too (e.g. from hash-link handlers). External URLs get a full page load.
 */
export function navigate(to: string, options?: NavigateOptions): Promise<void> {
  return activeNavigator(to, options);
}

/**
 * Click handler for a container of content HTML (Markdown, adopted prerendered markup):
 * same-site links inside navigate on the client, like <Link>; others behave as usual.
 */
export function followSameSiteLink(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) {
    return;
  }
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  // In-page hashes are the shell's hash-link handler's business.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return;
  event.preventDefault();
  void navigate(url.pathname + url.search + url.hash);
}
