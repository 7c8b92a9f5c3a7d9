import type { ConsentMode } from "../consent/index.ts";
import { SCRIPT_INTEGRATIONS, type ScriptIntegrationId } from "./constants.ts";

/**
 * The consent and integration settings as the browser reads them from the site-settings
 * static query. The build validated them with zod; here plain guards keep zod out of the
 * bundle, and anything malformed counts as "not configured".
 */

export interface ScriptIntegration {
  scriptUrl: string;
  id?: string;
}

export interface ClientIntegrationSettings {
  consent: { mode: ConsentMode; transcendBundleUrl?: string; attributionCategory: string };
  scripts: Partial<Record<ScriptIntegrationId, ScriptIntegration>>;
  vitals: boolean;
  /** A tracking pixel, ad pixel or buyer-intent script is configured (the shell's path tags). */
  pathTags: boolean;
  siteUrl?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function readIntegrationSettings(raw: unknown): ClientIntegrationSettings {
  const settings = isObject(raw) ? raw : {};
  const consent = isObject(settings.consent) ? settings.consent : {};
  const integrations = isObject(settings.integrations) ? settings.integrations : {};
  const scripts: Partial<Record<ScriptIntegrationId, ScriptIntegration>> = {};
  for (const id of SCRIPT_INTEGRATIONS) {
    const entry = integrations[id];
    if (!isObject(entry) || typeof entry.scriptUrl !== "string") continue;
    scripts[id] = {
      scriptUrl: entry.scriptUrl,
      ...(typeof entry.id === "string" ? { id: entry.id } : {}),
    };
  }
  const vitals = isObject(integrations.vitals) && integrations.vitals.enabled !== false;
  return {
    consent: {
      mode: consent.mode === "opt-out" ? "opt-out" : "opt-in",
      ...(typeof consent.transcendBundleUrl === "string"
        ? { transcendBundleUrl: consent.transcendBundleUrl }
        : {}),
      attributionCategory:
        typeof consent.attributionCategory === "string" ? consent.attributionCategory : "necessary",
    },
    scripts,
    vitals,
    pathTags: ["trackingPixelUrl", "adPixelUrl", "buyerIntentScriptUrl"].some(
      (key) => typeof settings[key] === "string",
    ),
    ...(typeof settings.siteUrl === "string" ? { siteUrl: settings.siteUrl } : {}),
  };
}

/**
 * Production is the configured site's own host, with or without `www.` (either is the live
 * site, whichever the other redirects to); anywhere else analytics may log to the console.
 */
export function isProductionHost(hostname: string, siteUrl: string | undefined): boolean {
  if (!siteUrl) return false;
  try {
    const bare = (host: string) => host.toLowerCase().replace(/^www\./, "");
    return bare(new URL(siteUrl).hostname) === bare(hostname);
  } catch {
    return false;
  }
}

/**
 * Whether anything the visitor could be asked about is configured: a vendor script, our own
 * vitals, a path tag, attribution under an optional category, or a Transcend bundle (which
 * runs its own banner). Without any, the built-in banner has nothing to ask and stays away.
 */
export function hasOptionalIntegrations(settings: ClientIntegrationSettings): boolean {
  return (
    Object.keys(settings.scripts).length > 0 ||
    settings.vitals ||
    settings.pathTags ||
    settings.consent.attributionCategory !== "necessary" ||
    settings.consent.transcendBundleUrl !== undefined
  );
}
