/**
 * Starts the page once it has been painted (entry-client.tsx loads this module): boots the
 * router and hydrates, then starts attribution when the browser is idle.
 */
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { boot, onRouteUpdate, whenIdle } from "../runtime/index.ts";
import { loadPageComponent } from "./components.ts";
import { renderPage } from "./render-page.tsx";

boot({ loadComponent: loadPageComponent, renderPage }).then(
  ({ resources }) => {
    // Attribution runs after hydration, in its own chunk, so it never delays the page; that
    // chunk reads the settings (and their consent category) itself.
    whenIdle(() => {
      const settings = resources.staticQueryResults[STATIC_QUERY_HASH["site-settings"]];
      import("../attribution/index.ts").then(
        ({ startSiteAttribution }) => startSiteAttribution(settings, { onRouteUpdate }),
        (error: unknown) => console.error("Attribution tracking could not load.", error),
      );
    });
  },
  (error: unknown) => console.error(error),
);
