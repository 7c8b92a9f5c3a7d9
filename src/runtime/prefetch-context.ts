import { createContext } from "react";

export interface LinkPrefetcher {
  /** Watches an anchor; returns the function that stops watching it. */
  observe(anchor: HTMLAnchorElement, pathname: string): () => void;
  hover(pathname: string): void;
}

/** Null during prerender and when prefetching is off (2g, data saver, bots). */
export const PrefetchContext = createContext<LinkPrefetcher | null>(null);
