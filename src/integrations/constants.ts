/** Spec constants of the third-party integrations (spec §7, §9). */
import type { ConsentCategory } from "../consent/index.ts";

/** The script integrations configured under `integrations` in content/settings.json. */
export const SCRIPT_INTEGRATIONS = [
  "tagManager",
  "crm",
  "productAnalytics",
  "referral",
  "redditPixel",
  "chatWidget",
] as const;
export type ScriptIntegrationId = (typeof SCRIPT_INTEGRATIONS)[number];

/** The consent category each integration waits for. */
export const INTEGRATION_CATEGORY: Readonly<Record<ScriptIntegrationId, ConsentCategory>> = {
  tagManager: "analytics",
  crm: "marketing",
  productAnalytics: "analytics",
  referral: "marketing",
  redditPixel: "marketing",
  chatWidget: "functional",
};

/** The product-analytics event sent on every page view, with the test variation. */
export const VIEWED_PAGE_EVENT = "Viewed Page";
/** Its property holding the visitor's test variation (the `test_variation` cookie). */
export const VARIATION_PROPERTY = "variation";

/** The category our own Core Web Vitals beacons follow. */
export const VITALS_CATEGORY: ConsentCategory = "analytics";

/** File the build writes into the output: the CSP sources the configured integrations need. */
export const CSP_SOURCES_FILE = "csp-sources.json";
