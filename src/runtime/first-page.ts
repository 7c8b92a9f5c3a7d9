import type { BootstrapData } from "../protocol/index.ts";
import {
  fetchSlice,
  fetchStaticQuery,
  type Get,
  loadDataOf,
  type PageDataFiles,
} from "./protocol-files.ts";

/**
 * The files the first render reads besides the HTML's inline data: the page's static queries
 * and any slice not inlined, with the page loader's checks (protocol-files.ts) but without the
 * loader. The loader, its retries and its caches load after hydration (client-engine.ts) and
 * are seeded with these, so nothing is fetched twice.
 */
export function loadFirstPageData(bootstrap: BootstrapData, get: Get): Promise<PageDataFiles> {
  const inlineQueries = bootstrap.staticQueryResults ?? {};
  const inlineSlices = bootstrap.slices ?? {};
  // A hash both the page and one of its slices list is fetched once.
  const queries = new Map<string, Promise<unknown>>();
  const staticQuery = (hash: string) => {
    let query = queries.get(hash);
    if (!query) {
      query =
        hash in inlineQueries ? Promise.resolve(inlineQueries[hash]) : fetchStaticQuery(get, hash);
      queries.set(hash, query);
    }
    return query;
  };
  return loadDataOf(bootstrap.pageData, {
    staticQuery,
    slice: async (name) => inlineSlices[name] ?? fetchSlice(get, name),
  });
}
