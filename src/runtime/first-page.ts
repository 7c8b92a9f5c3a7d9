import type { BootstrapData } from "../protocol/index.ts";
import type { PageResources } from "./loader.ts";
import { fetchSlice, fetchStaticQuery, type Get, loadDataOf } from "./protocol-files.ts";

export type FirstPageOutcome =
  | { kind: "page"; resources: PageResources }
  | { kind: "full-navigation"; reason: "chunk-failed" };

/**
 * What the first render needs, from the HTML's inline data plus the page's component chunk,
 * its static queries and any slice not inlined: the page loader's rules for a page whose data
 * is inlined (no build-hash check, which bootstrap-hash.ts does for the first load; a chunk
 * that fails is a `full-navigation` outcome, preferred to a data error), without the loader.
 * The loader, its retries and its caches load after hydration (engine.ts) and are seeded with
 * these resources, so nothing is fetched twice.
 */
export async function loadFirstPage(
  bootstrap: BootstrapData,
  options: { get: Get; loadComponent(componentChunkName: string): Promise<unknown> },
): Promise<FirstPageOutcome> {
  const { pageData } = bootstrap;
  const inlineQueries = bootstrap.staticQueryResults ?? {};
  const inlineSlices = bootstrap.slices ?? {};
  const component = Promise.resolve()
    .then(() => options.loadComponent(pageData.componentChunkName))
    .then(
      (value) => ({ loaded: true as const, value }),
      () => ({ loaded: false as const }),
    );
  // A hash both the page and one of its slices list is fetched once.
  const queries = new Map<string, Promise<unknown>>();
  const staticQuery = (hash: string) => {
    let query = queries.get(hash);
    if (!query) {
      query =
        hash in inlineQueries
          ? Promise.resolve(inlineQueries[hash])
          : fetchStaticQuery(options.get, hash);
      queries.set(hash, query);
    }
    return query;
  };
  const data = loadDataOf(pageData, {
    staticQuery,
    slice: async (name) => inlineSlices[name] ?? fetchSlice(options.get, name),
  });
  data.catch(() => {});
  const chunk = await component;
  if (!chunk.loaded) return { kind: "full-navigation", reason: "chunk-failed" };
  return { kind: "page", resources: { pageData, component: chunk.value, ...(await data) } };
}
