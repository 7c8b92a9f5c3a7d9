import type { AttributionController, SubscribeToRouteUpdates } from "../attribution/index.ts";
import {
  allows,
  type ConsentApi,
  type ConsentChoice,
  isConsentCategory,
  startConsent,
} from "../consent/index.ts";
import { type ScriptIntegrationId, VITALS_CATEGORY } from "./constants.ts";
import { isNewPageView, plannedScripts } from "./plan.ts";
import { hasOptionalIntegrations, isProductionHost, readIntegrationSettings } from "./settings.ts";
import { type PageViewContext, safely, VENDOR_HOOKS } from "./vendors.ts";

/**
 * Starts consent and, as the visitor allows categories, loads each configured vendor script
 * once, after the page is interactive. Vendor scripts that fail or never load leave the page
 * as it was: nothing waits for them.
 */

export interface IntegrationsOptions {
  /** The raw site-settings static query. */
  settings: unknown;
  /** The runtime's onRouteUpdate. */
  onRouteUpdate: SubscribeToRouteUpdates;
  /** Runs work once the browser is idle (the runtime's whenIdle). */
  whenIdle: (callback: () => void) => void;
  /** The chat widget's API is ready (used to open it for a #contact-us landing). */
  onChatReady?: () => void;
}

export interface IntegrationsController {
  consent: ConsentApi;
}

function cookieJar(): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const pair of document.cookie.split("; ")) {
    const index = pair.indexOf("=");
    if (index > 0) jar[pair.slice(0, index)] = pair.slice(index + 1);
  }
  return jar;
}

// The attribution chunk is shared with the client entry's own dynamic import: importing it
// the same way keeps it (and bundler helpers) out of the first-load JavaScript.
let attribution: Promise<typeof import("../attribution/index.ts")> | null = null;
const loadAttribution = () => {
  attribution ??= import("../attribution/index.ts");
  return attribution;
};

async function testVariation(): Promise<string> {
  try {
    return (await loadAttribution()).readAttribution(cookieJar()).testVariation;
  } catch {
    return "";
  }
}

/**
 * The URL the visitor landed on: the navigation's own entry, which client-side navigations
 * leave as it was, else the current URL (read when integrations start, soon after hydration).
 */
function landingUrl(): string {
  try {
    const entry = performance.getEntriesByType?.("navigation")[0];
    if (entry && /^https?:/i.test(entry.name)) return entry.name;
  } catch {
    // no Navigation Timing: the current URL
  }
  return location.href;
}

/**
 * Attribution cookies filed under an optional category (consent.attributionCategory) follow
 * that category: they start here once it is granted, with the page view the visitor landed on,
 * and stop (the links they rewrote put back) when it is withdrawn, or when Do Not Sell or Global
 * Privacy Control switches it off; granted again, they start again. Under "necessary" the client
 * entry starts them as before.
 */
export function startAttributionWhenAllowed(
  options: IntegrationsOptions,
  category: string,
  consent: ConsentApi,
): void {
  if (!isConsentCategory(category) || category === "necessary") return;
  const raw = options.settings as { attribution?: unknown } | null;
  if (!raw?.attribution) return;
  const landing = landingUrl();
  // The running attribution (or its start under way); null while the category is not allowed.
  let running: Promise<AttributionController | null> | null = null;
  const follow = (choice: ConsentChoice) => {
    const allowed = allows(choice, category);
    if (allowed && !running) {
      const start: Promise<AttributionController | null> = loadAttribution().then(
        ({ startAttribution }) =>
          // Withdrawn while the chunk was loading: nothing starts, not even one page view.
          running === start
            ? startAttribution(raw.attribution as Parameters<typeof startAttribution>[0], {
                onRouteUpdate: options.onRouteUpdate,
                landingUrl: landing,
              })
            : null,
        (error: unknown) => {
          console.error("Attribution tracking could not load.", error);
          return null;
        },
      );
      running = start;
    } else if (!allowed && running) {
      running.then((controller) => controller?.stop({ restoreLinks: true }));
      running = null;
    }
  };
  consent.subscribe(follow);
  follow(consent.current());
}

/** Our own Core Web Vitals beacons, in their own chunk, once analytics is granted. */
function startVitalsWhenAllowed(consent: ConsentApi): void {
  let begun = false;
  const maybeStart = (choice: ConsentChoice) => {
    if (begun || !allows(choice, VITALS_CATEGORY)) return;
    begun = true;
    import("../vitals/index.ts").then(
      ({ startVitals }) => startVitals(() => allows(consent.current(), VITALS_CATEGORY)),
      (error: unknown) => console.warn("Speed measurements could not load.", error),
    );
  };
  consent.subscribe(maybeStart);
  maybeStart(consent.current());
}

export function startIntegrations(options: IntegrationsOptions): IntegrationsController {
  const settings = readIntegrationSettings(options.settings);
  const consent = startConsent({
    ...settings.consent,
    askOnLoad: hasOptionalIntegrations(settings),
  });
  const production = isProductionHost(location.hostname, settings.siteUrl);
  const requested = new Set<ScriptIntegrationId>();
  const loaded = new Set<ScriptIntegrationId>();
  let choice: ConsentChoice = consent.current();

  const pageContext = async (path: string): Promise<PageViewContext> => ({
    path,
    variation: await testVariation(),
    production,
  });
  const allowedNow = (id: ScriptIntegrationId) =>
    plannedScripts(settings, choice).some((script) => script.id === id);

  const load = (id: ScriptIntegrationId, src: string) => {
    if (requested.has(id)) return;
    requested.add(id);
    const config = settings.scripts[id];
    if (!config) return;
    const hooks = VENDOR_HOOKS[id];
    safely(id, () => hooks.beforeLoad?.(config));
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.integration = id;
    script.addEventListener("load", async () => {
      const page = await pageContext(location.pathname);
      loaded.add(id);
      safely(id, () => hooks.afterLoad?.(config, page));
      safely(id, () => hooks.pageView?.(config, page));
      if (id === "chatWidget" && options.onChatReady) safely(id, options.onChatReady);
    });
    script.addEventListener("error", () => {
      console.warn(`The ${id} script did not load; the page carries on without it.`);
    });
    document.head.append(script);
  };

  const apply = (next: ConsentChoice) => {
    choice = next;
    options.whenIdle(() => {
      for (const script of plannedScripts(settings, choice)) load(script.id, script.src);
    });
  };

  consent.subscribe(apply);
  apply(choice);
  startAttributionWhenAllowed(options, settings.consent.attributionCategory, consent);
  if (settings.vitals) startVitalsWhenAllowed(consent);

  options.onRouteUpdate(async ({ location: next, prevLocation }) => {
    if (!isNewPageView(next, prevLocation)) return;
    const page = await pageContext(next.pathname);
    for (const id of loaded) {
      // A category withdrawn since the script loaded gets no more events.
      if (!allowedNow(id)) continue;
      const config = settings.scripts[id];
      if (config) safely(id, () => VENDOR_HOOKS[id].pageView?.(config, page));
    }
  });

  return { consent };
}
