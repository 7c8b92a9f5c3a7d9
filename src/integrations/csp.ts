import type { SiteSettings } from "../content/index.ts";
import { SCRIPT_INTEGRATIONS } from "./constants.ts";

/**
 * The Content-Security-Policy sources the configured integrations need, derived at build time
 * from the site settings (and written to CSP_SOURCES_FILE for the server): nothing that is not
 * configured is allowed.
 */
export interface IntegrationCspSources {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
  imgSrc: string[];
}

function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//.test(url)) return null;
  return new URL(url).origin;
}

export function integrationCspSources(
  settings: Pick<
    SiteSettings,
    "integrations" | "consent" | "buyerIntentScriptUrl" | "trackingPixelUrl" | "adPixelUrl"
  >,
): IntegrationCspSources {
  const script = new Set<string>();
  const connect = new Set<string>();
  const frame = new Set<string>();
  const img = new Set<string>();
  const addScript = (url: string | undefined) => {
    const origin = originOf(url);
    if (!origin) return;
    script.add(origin);
    // Vendor scripts report back to where they came from.
    connect.add(origin);
  };
  for (const id of SCRIPT_INTEGRATIONS) {
    const entry = settings.integrations?.[id];
    if (!entry) continue;
    addScript(entry.scriptUrl);
    for (const url of entry.connectOrigins) connect.add(new URL(url).origin);
    for (const url of entry.frameOrigins) frame.add(new URL(url).origin);
    if (id === "chatWidget") frame.add(new URL(entry.scriptUrl).origin);
  }
  addScript(settings.consent?.transcendBundleUrl);
  addScript(settings.buyerIntentScriptUrl);
  for (const pixel of [settings.trackingPixelUrl, settings.adPixelUrl]) {
    const origin = originOf(pixel);
    if (origin) img.add(origin);
  }
  return {
    scriptSrc: [...script],
    connectSrc: [...connect],
    frameSrc: [...frame],
    imgSrc: [...img],
  };
}
