import type { CookieJar } from "../../../src/attribution/index.ts";
import { allows, cookieSignals, effectiveChoice } from "../../../src/consent/index.ts";
import { INTEGRATION_CATEGORY } from "../../../src/integrations/index.ts";
import {
  ATTRIBUTION_COOKIE_PREFIX,
  HUBSPOT_UTK_COOKIE,
  MAX_ATTRIBUTION_COOKIE_LENGTH,
  MAX_ATTRIBUTION_COOKIES,
} from "./constants.ts";

/**
 * Whether what a request carries refuses the CRM outright: Global Privacy Control (`Sec-GPC:
 * 1`), a Do Not Sell opt-out, or a choice saved with the built-in banner that leaves the CRM's
 * category out (src/consent's rule, as the page applies it). The lead API knows neither the
 * site's consent mode nor Transcend's answer, so a request without a saved choice refuses
 * nothing here; the site's own form, which knows both, leaves hubspotutk out of its body when
 * they say no (src/lead-form/prefill.ts), and submit.ts then keeps no cookie of it either.
 */
export function refusesCrm(jar: CookieJar, secGpc: string | null | undefined): boolean {
  const choice = effectiveChoice({
    mode: "opt-out",
    ...cookieSignals(jar),
    globalPrivacyControl: secGpc?.trim() === "1",
  });
  return !allows(choice, INTEGRATION_CATEGORY.crm);
}

/**
 * The attribution cookies a submission's request carried (the site's attr_* cookies and, when
 * `crmToken` allows it, HubSpot's hubspotutk), raw, for the lead's record, from its parsed
 * Cookie header (parseCookieHeader). Other cookies are not the lead's business. Bounded so a
 * stuffed Cookie header cannot bloat a stored lead.
 */
export function attributionCookies(
  jar: CookieJar,
  { crmToken }: { crmToken: boolean },
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of Object.keys(jar)) {
    if (Object.keys(kept).length >= MAX_ATTRIBUTION_COOKIES) break;
    const isCrm = name === HUBSPOT_UTK_COOKIE;
    if (isCrm ? !crmToken : !name.startsWith(ATTRIBUTION_COOKIE_PREFIX)) continue;
    const value = jar[name] as string;
    if (value.length > MAX_ATTRIBUTION_COOKIE_LENGTH) continue;
    // Only attr_* and hubspotutk names get here, so no name can reach Object.prototype.
    kept[name] = value;
  }
  return kept;
}
