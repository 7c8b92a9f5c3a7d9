import { createContext, type ReactNode, useContext } from "react";
import { staticQueryUrl } from "../protocol/index.ts";

/** Results of the static queries loaded so far, keyed by hash. */
export type StaticQueryStore = Readonly<Record<string, unknown>>;

const StaticQueryContext = createContext<StaticQueryStore>({});

export function StaticQueryProvider(props: { value: StaticQueryStore; children: ReactNode }) {
  return (
    <StaticQueryContext.Provider value={props.value}>{props.children}</StaticQueryContext.Provider>
  );
}

/**
 * Reads one static query's data. The loader guarantees every hash a page lists is loaded
 * before the page renders, so a missing hash is a build or loader defect: fail loudly,
 * naming the file. Data that loaded but is `null` (e.g. no navigation content) is returned
 * as is, and the component decides to render nothing.
 */
export function useStaticQuery<T>(hash: string): T | null {
  const store = useContext(StaticQueryContext);
  if (!(hash in store)) {
    throw new Error(`The static query ${staticQueryUrl(hash)} could not be loaded.`);
  }
  return (store[hash] ?? null) as T | null;
}
