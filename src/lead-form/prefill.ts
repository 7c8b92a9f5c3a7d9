import {
  type CookieJar,
  gaFieldValues,
  hiddenFieldPrefill,
  parseCookieHeader,
} from "../attribution/index.ts";
import type { AirgapApi } from "../consent/index.ts";
import {
  type FormDefinition,
  formFields,
  isAttributionField,
  isQueryPrefilled,
} from "../forms/index.ts";

/**
 * Loaded on demand by the form (with the attribution module it needs), so a page's first load
 * carries neither.
 *
 * Hidden-field prefill (§3, §5): utm_*, hs_*, gclid* and content_types* fields take the
 * same-named query parameter; GA_* and GA_*_First fields take the attribution values, read
 * through the attribution module (one cookie reader for the whole site). Pure: the page URL
 * and the cookies come in as arguments. Fields with nothing to take are left out.
 */
export function hiddenPrefill(
  form: FormDefinition,
  url: string,
  cookies: CookieJar,
): Record<string, string> {
  const values: Record<string, string> = {};
  let ga: Record<string, string> | null = null;
  for (const field of formFields(form)) {
    if (isQueryPrefilled(field)) {
      const value = hiddenFieldPrefill(field.name, url);
      if (value !== undefined) values[field.name] = value;
    } else if (isAttributionField(field)) {
      ga ??= gaFieldValues(url, cookies);
      const value = ga[field.name];
      if (value !== undefined) values[field.name] = value;
    }
  }
  return values;
}

/** The page's cookies through the attribution module's parser; a browser that refuses cookies gives none. */
export function pageCookies(): CookieJar {
  try {
    return parseCookieHeader(document.cookie);
  } catch {
    return {};
  }
}

/** What the page holds of the visitor's privacy choices when a form is sent. */
export interface PagePrivacy {
  /** The site-settings static query: the consent mode, and whether Transcend decides. */
  settings: unknown;
  /** The page's cookies, raw (`pageCookies()`). */
  cookies: Readonly<Record<string, string | undefined>>;
  /** `navigator.globalPrivacyControl === true`. */
  globalPrivacyControl: boolean;
  /** Transcend's API (`window.airgap`), when its bundle has loaded. */
  airgap?: unknown;
}

/**
 * The consent rule and the CRM's category load when a form is sent: a form page's load
 * carries neither (the shell's integrations chunk has usually loaded both already).
 */
const loadConsentRule = () =>
  Promise.all([import("../consent/index.ts"), import("../integrations/index.ts")]);

/**
 * The CRM's visitor cookie to send with a lead, or undefined. It identifies the visitor to
 * the CRM, a marketing integration, so it goes only when the rule the CRM's own script loads
 * by lets it run (src/consent's effectiveChoice): its category granted, and no Do Not Sell
 * opt-out or Global Privacy Control signal in force. The saved choice is Transcend's when its
 * bundle decides (not loaded yet: the safe choice, as the site applies it), else the built-in
 * banner's cookie. Anything that cannot be loaded or read means no.
 */
export async function crmVisitorToken(page: PagePrivacy): Promise<string | undefined> {
  const token = page.cookies.hubspotutk;
  if (!token) return undefined;
  try {
    const [consent, integrations] = await loadConsentRule();
    const { mode, transcendBundleUrl } = integrations.readIntegrationSettings(
      page.settings,
    ).consent;
    const signals = consent.cookieSignals(page.cookies);
    const choice = consent.effectiveChoice({
      mode,
      // choiceFromAirgap answers the safe choice for an API that is missing or throws.
      stored: transcendBundleUrl
        ? consent.choiceFromAirgap(page.airgap as AirgapApi)
        : signals.stored,
      globalPrivacyControl: page.globalPrivacyControl,
      optedOutOfSale: signals.optedOutOfSale,
    });
    return consent.allows(choice, integrations.INTEGRATION_CATEGORY.crm) ? token : undefined;
  } catch {
    return undefined;
  }
}
