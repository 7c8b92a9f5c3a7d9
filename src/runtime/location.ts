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

/** Runs a task after the current one, as a task of its own. */
export type ScheduleTask = (task: () => void) => void;
const inTaskOfItsOwn: ScheduleTask = (task) => {
  setTimeout(task, 0);
};

/**
 * Tells the listeners, each in a task of its own after the current one. The router emits from
 * React's commit: run there, every listener (attribution re-tracking and rewriting links,
 * vendors' page views, hash links) lengthened that task, which Lighthouse counted as blocking
 * time and a visitor as a slower response to the click that navigated. A listener removed
 * before its turn is not called.
 */
export function emitRouteUpdate(
  update: RouteUpdate,
  schedule: ScheduleTask = inTaskOfItsOwn,
): void {
  for (const listener of listeners) {
    schedule(() => {
      if (!listeners.has(listener)) return;
      try {
        listener(update);
      } catch (error) {
        console.error("A route update listener failed:", error);
      }
    });
  }
}
