import { type ComponentType, startTransition, useEffect, useState } from "react";

/**
 * A component whose module loads after hydration, kept in module state, which outlives the
 * pages: once loaded, every later page renders it in its first render (the CTA bar's
 * persistence across navigation relies on that).
 */
export interface LoadableComponent<Props> {
  /** Loads it once; a failed load is asked for again by the next call. */
  load(): Promise<ComponentType<Props>>;
  /** The component once loaded, else null. */
  current(): ComponentType<Props> | null;
  /** What the console says could not load. */
  name: string;
  /** When to start loading: at once (after hydration) unless given. */
  schedule(start: () => void): void;
}

export function loadableComponent<Props>(options: {
  load: () => Promise<ComponentType<Props>>;
  name: string;
  schedule?: (start: () => void) => void;
}): LoadableComponent<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  return {
    load() {
      loading ??= options.load().then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
    name: options.name,
    schedule: options.schedule ?? ((start) => start()),
  };
}

/**
 * Null during the prerender and hydration (so the HTML matches), then the loaded component.
 * A failed load is logged; the page goes on without it. `neededFor`, when given, says the page
 * needs the component now (a navigation that the prerendered markup no longer fits): it loads
 * at once instead of when scheduled, and a failed load is tried again when it changes.
 */
export function useLoadedComponent<Props>(
  loadable: LoadableComponent<Props>,
  neededFor: string | null = null,
): ComponentType<Props> | null {
  const [component, setComponent] = useState<ComponentType<Props> | null>(loadable.current);
  useEffect(() => {
    if (component) return;
    let live = true;
    const schedule = neededFor === null ? loadable.schedule : (start: () => void) => start();
    schedule(() => {
      loadable.load().then(
        // A transition: rendering it can wait a frame, and must not be a long task of its own
        // right after hydration.
        (arrived) => live && startTransition(() => setComponent(() => arrived)),
        (error: unknown) => console.error(`${loadable.name} could not load:`, error),
      );
    });
    return () => {
      live = false;
    };
  }, [component, loadable, neededFor]);
  return component;
}
