/**
 * Starts the page once it has been painted (entry-client.tsx loads this module): boots the
 * router and hydrates, then starts attribution when the browser is idle.
 */
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { boot, onRouteUpdate, whenIdle } from "../runtime/index.ts";
import { PAGE_MODULE_ATTRIBUTE } from "./page-module.ts";
import { renderPage } from "./render-page.tsx";

// The first page's module is named on the entry <script>, and its island imports it once the
// page has hydrated; the registry of every page's chunk is only needed for client-side
// navigation.
const pageModule = document
  .querySelector(`script[${PAGE_MODULE_ATTRIBUTE}]`)
  ?.getAttribute(PAGE_MODULE_ATTRIBUTE);
// The URL the visitor landed on, read before the router can change it: attribution starts
// later, when the browser is idle, and tracks this landing first (a campaign URL left early).
const landingUrl = location.href;
const loadComponent = (chunkName: string) =>
  import("./components.ts").then(({ loadPageComponent }) => loadPageComponent(chunkName));

boot({
  loadComponent,
  ...(pageModule
    ? {
        loadFirstComponent: () =>
          import(/* @vite-ignore */ pageModule).then(
            (module: { default: unknown }) => module.default,
          ),
      }
    : {}),
  renderPage,
}).then(
  ({ resources }) => {
    // Attribution runs after hydration, in its own chunk, so it never delays the page; that
    // chunk reads the settings (and their consent category) itself.
    whenIdle(() => {
      const settings = resources.staticQueryResults[STATIC_QUERY_HASH["site-settings"]];
      import("../attribution/index.ts").then(
        ({ startSiteAttribution }) => startSiteAttribution(settings, { onRouteUpdate, landingUrl }),
        (error: unknown) => console.error("Attribution tracking could not load.", error),
      );
    });
  },
  (error: unknown) => console.error(error),
);
