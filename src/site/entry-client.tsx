import "./styles.css";
import type { SiteSettings } from "../content/index.ts";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { boot, onRouteUpdate, whenIdle } from "../runtime/index.ts";
import { loadPageComponent } from "./components.ts";
import { renderPage } from "./render-page.tsx";

boot({ loadComponent: loadPageComponent, renderPage }).then(
  ({ bootstrap }) => {
    // Attribution runs after hydration, in its own chunk, so it never delays the page.
    whenIdle(() => {
      const settings = bootstrap.staticQueryResults[STATIC_QUERY_HASH["site-settings"]] as
        | Pick<SiteSettings, "attribution" | "consent">
        | null
        | undefined;
      if (!settings?.attribution) return;
      // Attribution under a consent category starts from src/integrations once it is granted.
      const category = settings.consent?.attributionCategory;
      if (category && category !== "necessary") return;
      const config = settings.attribution;
      import("../attribution/index.ts").then(
        ({ startAttribution }) => startAttribution(config, { onRouteUpdate }),
        (error: unknown) => console.error("Attribution tracking could not load.", error),
      );
    });
  },
  (error: unknown) => console.error(error),
);
