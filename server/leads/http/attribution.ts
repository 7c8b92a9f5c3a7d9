import { parseCookieHeader } from "../../../src/attribution/index.ts";
import {
  ATTRIBUTION_COOKIE_PREFIX,
  HUBSPOT_UTK_COOKIE,
  MAX_ATTRIBUTION_COOKIE_LENGTH,
  MAX_ATTRIBUTION_COOKIES,
} from "./constants.ts";

/**
 * The attribution cookies a submission's request carried (the site's attr_* cookies and
 * HubSpot's hubspotutk), raw, for the lead's record. Other cookies are not the lead's business.
 * Bounded so a stuffed Cookie header cannot bloat a stored lead.
 */
export function attributionCookies(
  cookieHeader: string | null | undefined,
): Record<string, string> {
  const jar = parseCookieHeader(cookieHeader);
  const kept: Record<string, string> = {};
  for (const name of Object.keys(jar)) {
    if (Object.keys(kept).length >= MAX_ATTRIBUTION_COOKIES) break;
    if (name !== HUBSPOT_UTK_COOKIE && !name.startsWith(ATTRIBUTION_COOKIE_PREFIX)) continue;
    const value = jar[name] as string;
    if (value.length > MAX_ATTRIBUTION_COOKIE_LENGTH) continue;
    // Only attr_* and hubspotutk names get here, so no name can reach Object.prototype.
    kept[name] = value;
  }
  return kept;
}
