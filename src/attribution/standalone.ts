import { type AttributionController, startAttribution } from "./browser.ts";
import { readDocumentCookies } from "./browser-cookies.ts";
import { namedFields, requireForm, setFieldValue } from "./browser-forms.ts";
import { readCookieValue } from "./encoding.ts";
import {
  type GaFieldName,
  gaFieldValues,
  hiddenFieldPrefill,
  type SignupPrefill,
  signupPrefill,
} from "./signup.ts";
import { type AttributionSnapshot, readAttribution } from "./snapshot.ts";
import { parseStandaloneConfig } from "./standalone-config.ts";
import type { PageViewResult } from "./track.ts";
import type { AttributionConfig } from "./types.ts";

/*
 * `public/attribution.js`: the script the app's sign-up and login pages include. It tracks the
 * page (login pages are tracked, sign-up pages are not), rewrites links like the marketing site
 * does and exposes `window.HarborAttribution`. API and configuration: docs/attribution.md.
 */

export interface HarborAttributionApi {
  version: string;
  config: AttributionConfig;
  /** Tracks the current URL (cookie writes) and rewrites links; the app calls it after its own navigations. */
  track(): PageViewResult | null;
  rewriteLinks(): void;
  /** Fills the form's empty `email`, `fname`, `lname`, `company` fields from `reg`, `fn`, `ln`, `cn`. */
  prefillSignupForm(form: HTMLFormElement, url?: string): SignupPrefill;
  /** Fills GA_* fields and the utm_/hs_/gclid/content_types hidden fields; returns what it set. */
  fillHiddenFields(form: HTMLFormElement, url?: string): Record<string, string>;
  /** A cookie's parsed JSON, or its raw stored string; undefined when absent. */
  readCookie(name: string): unknown;
  getAttribution(): AttributionSnapshot;
  getSignupPrefill(url?: string): SignupPrefill;
  getGaFields(url?: string): Record<GaFieldName, string>;
  stop(): void;
}

const VERSION = "1";

function createApi(): HarborAttributionApi {
  const script = currentScript();
  const { config, problems } = parseStandaloneConfig(script?.getAttribute("data-config"));
  for (const problem of problems) console.warn(`HarborAttribution: ${problem}`);
  const autostart = script?.getAttribute("data-autostart") !== "false";
  let controller: AttributionController | null = autostart ? startAttribution(config) : null;
  const ensureStarted = () => {
    controller ??= startAttribution(config);
    return controller;
  };
  const pageUrl = (url?: string) => url ?? window.location.href;
  // Reading never starts tracking: with data-autostart="false" the page decides when to track.
  const cookies = () => controller?.cookies() ?? readDocumentCookies();

  return {
    version: VERSION,
    config,
    track: () => ensureStarted().track(),
    rewriteLinks: () => ensureStarted().rewriteLinks(),
    prefillSignupForm(form, url) {
      const target = requireForm("HarborAttribution.prefillSignupForm", form);
      const prefill = signupPrefill(pageUrl(url));
      for (const field of namedFields(target)) {
        const value = Object.hasOwn(prefill, field.name)
          ? (prefill as Record<string, string>)[field.name]
          : undefined;
        if (value && field.value === "") setFieldValue(field, value);
      }
      return prefill;
    },
    fillHiddenFields(form, url) {
      const target = requireForm("HarborAttribution.fillHiddenFields", form);
      const href = pageUrl(url);
      const ga: Record<string, string> = gaFieldValues(href, cookies());
      const filled: Record<string, string> = {};
      for (const field of namedFields(target)) {
        const value = Object.hasOwn(ga, field.name)
          ? ga[field.name]
          : field.type === "hidden"
            ? hiddenFieldPrefill(field.name, href)
            : undefined;
        if (value === undefined) continue;
        setFieldValue(field, value);
        filled[field.name] = value;
      }
      return filled;
    },
    readCookie: (name) => readCookieValue(cookies()[name]),
    getAttribution: () => readAttribution(cookies()),
    getSignupPrefill: (url) => signupPrefill(pageUrl(url)),
    getGaFields: (url) => gaFieldValues(pageUrl(url), cookies()),
    stop: () => {
      controller?.stop();
      controller = null;
    },
  };
}

/** The tag running this script: `currentScript` while it executes, else one naming attribution.js. */
function currentScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  return document.querySelector<HTMLScriptElement>(
    "script[data-config], script[src*='attribution.js']",
  );
}

declare global {
  interface Window {
    HarborAttribution?: HarborAttributionApi;
  }
}

// Including the script twice must not track twice.
const api: HarborAttributionApi = window.HarborAttribution ?? createApi();
window.HarborAttribution = api;

export default api;
