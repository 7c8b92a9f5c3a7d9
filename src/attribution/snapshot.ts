import {
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  REFERRAL_ID_COOKIE,
  SIGNUP_COOKIE,
  TEST_VARIATION_COOKIE,
} from "./constants.ts";
import {
  cleanTouch,
  parseFirstTouch,
  parseLastTouch,
  parsePath,
  parseSignup,
  parseText,
} from "./encoding.ts";
import type { CookieJar, Touch } from "./types.ts";

/** Everything the cookies say about the visitor, decoded. Unknown values are empty strings. */
export interface AttributionSnapshot {
  lastTouch: Touch | null;
  firstTouch: Touch | null;
  lastUrl: string;
  firstUrl: string;
  referrer: string;
  referralId: string;
  testVariation: string;
}

/**
 * Reads the cookies. The individual cookies are the source of truth; the sign-up JSON (derived
 * from them) fills in when they are missing or malformed, e.g. an old browser session.
 */
export function readAttribution(cookies: CookieJar): AttributionSnapshot {
  const signup = parseSignup(cookies[SIGNUP_COOKIE]);
  const fromSignup = (source = "", medium = "", campaign = ""): Touch | null =>
    source || medium || campaign ? cleanTouch({ source, medium, campaign }) : null;
  return {
    lastTouch:
      parseLastTouch(cookies[LAST_TOUCH_COOKIE]) ??
      fromSignup(signup?.utm_source, signup?.utm_medium, signup?.utm_campaign),
    firstTouch:
      parseFirstTouch(cookies[FIRST_TOUCH_COOKIE]) ??
      fromSignup(signup?.utm_first_source, signup?.utm_first_medium, signup?.utm_first_campaign),
    lastUrl: parsePath(cookies[LAST_URL_COOKIE]) ?? signup?.last_touch_url ?? "",
    firstUrl: parsePath(cookies[FIRST_URL_COOKIE]) ?? signup?.first_touch_url ?? "",
    referrer: signup?.referrer ?? "",
    referralId: parseText(cookies[REFERRAL_ID_COOKIE]) ?? "",
    testVariation: parseText(cookies[TEST_VARIATION_COOKIE]) ?? "",
  };
}
