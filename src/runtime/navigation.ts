export interface NavigateOptions {
  /** Replace the current history entry instead of pushing a new one. */
  replace?: boolean;
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
