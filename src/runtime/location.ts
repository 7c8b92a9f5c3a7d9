/** The parts of a URL the router tracks. */
export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface RouteUpdate {
  location: RouterLocation;
  /** `null` on the first render after hydration. */
  prevLocation: RouterLocation | null;
}

type RouteUpdateListener = (update: RouteUpdate) => void;
const listeners = new Set<RouteUpdateListener>();

/**
 * Subscribes to page changes: called after the first render and after every client-side
 * navigation has rendered its page. Returns the unsubscribe function.
 */
export function onRouteUpdate(listener: RouteUpdateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRouteUpdate(update: RouteUpdate): void {
  for (const listener of listeners) {
    try {
      listener(update);
    } catch (error) {
      console.error("A route update listener failed:", error);
    }
  }
}
