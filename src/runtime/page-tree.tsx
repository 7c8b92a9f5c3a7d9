import type { ReactNode } from "react";
import type { PageResources } from "./loader.ts";
import type { RouterLocation } from "./location.ts";
import { type LinkPrefetcher, PrefetchContext } from "./prefetch-context.ts";
import { StaticQueryProvider } from "./static-query.tsx";
import { LocationContext } from "./use-location.ts";

/** How the site turns loaded resources into a page (its shell around its template). */
export type RenderPage = (resources: PageResources, location: RouterLocation) => ReactNode;

/**
 * The providers and page the server prerenders and the client hydrates: both sides must
 * build exactly this tree for hydration to match.
 */
export function PageTree(props: {
  resources: PageResources;
  location: RouterLocation;
  renderPage: RenderPage;
  prefetcher: LinkPrefetcher | null;
  announcement: string;
  delayed: boolean;
}) {
  return (
    <LocationContext.Provider value={props.location}>
      <StaticQueryProvider value={props.resources.staticQueryResults}>
        <PrefetchContext.Provider value={props.prefetcher}>
          {props.renderPage(props.resources, props.location)}
        </PrefetchContext.Provider>
      </StaticQueryProvider>
      {/* Announces client-side page changes, which screen readers otherwise miss. */}
      <div id="route-announcer" className="sr-only" aria-live="assertive" aria-atomic="true">
        {props.announcement}
      </div>
      <div
        className="hd-progress"
        role="status"
        aria-live="polite"
        data-visible={props.delayed ? "true" : "false"}
      >
        {props.delayed ? <span className="sr-only">Loading page…</span> : null}
      </div>
    </LocationContext.Provider>
  );
}
