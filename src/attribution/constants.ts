/** Spec constants of marketing attribution (specification sections 3, 4, 5, 7 and 9). */

/** Attribution cookies live two years. */
export const ATTRIBUTION_COOKIE_MAX_AGE_MS = 63_072_000_000;
/** Other product cookies (referral id, test variation) live 365 days. */
export const PRODUCT_COOKIE_MAX_AGE_MS = 365 * 86_400_000;
/** Referral params (gspk, gsxid) are appended to app links this long after the page is ready. */
export const LINK_REWRITE_DELAY_MS = 100;

export const LAST_TOUCH_COOKIE = "attr_last_touch";
export const FIRST_TOUCH_COOKIE = "attr_first_touch";
export const FIRST_URL_COOKIE = "attr_first_url";
export const LAST_URL_COOKIE = "attr_last_url";
export const SIGNUP_COOKIE = "attr_signup";
export const REFERRAL_ID_COOKIE = "referral_id";
export const TEST_VARIATION_COOKIE = "test_variation";

export const COOKIE_PATH = "/";
export const COOKIE_SAME_SITE = "Strict";

/** Campaign parameters: any of them in a tracked URL makes it a campaign touch (rule 1). */
export const CLICK_ID_PARAM = "gclid";
export const UTM_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
] as const;
export const CAMPAIGN_PARAMS = [CLICK_ID_PARAM, ...UTM_PARAMS] as const;
/** A paid-search click without its own utm values reports as google / cpc. */
export const CLICK_ID_DEFAULT_SOURCE = "google";
export const CLICK_ID_DEFAULT_MEDIUM = "cpc";

export const ORGANIC_MEDIUM = "organic";
export const ORGANIC_CAMPAIGN = "(organic)";
export const SOCIAL_MEDIUM = "social";
export const SOCIAL_CAMPAIGN = "(social)";
export const REFERRAL_MEDIUM = "referral";
export const REFERRAL_CAMPAIGN = "(referral)";
export const DIRECT_SOURCE = "(direct)";
export const DIRECT_MEDIUM = "(none)";

/** Query parameters read by the page-view path. */
export const REFERRAL_ID_PARAM = "ref";
export const TEST_VARIATION_PARAM = "tvar";
export const PROMO_PARAM = "promo";

export const SIGNUP_PATH_PREFIX = "/members/register/";
export const LOGIN_PATH_PREFIX = "/members/login/";

/**
 * Domain patterns: `name.*` matches `name` on any country domain (`google.com`, `google.de`,
 * `google.co.uk`, `google.com.au`) and their subdomains; a plain domain matches itself and its
 * subdomains.
 */
export interface SearchEngine {
  name: string;
  domains: readonly string[];
  /** Query parameters that carry the search terms, in the order they are tried. */
  queryParams: readonly string[];
}

export const SEARCH_ENGINES: readonly SearchEngine[] = [
  { name: "google", domains: ["google.*"], queryParams: ["q"] },
  { name: "bing", domains: ["bing.*"], queryParams: ["q"] },
  { name: "aol", domains: ["aol.*"], queryParams: ["q", "query"] },
  { name: "yahoo", domains: ["yahoo.*"], queryParams: ["p"] },
  { name: "ask", domains: ["ask.*"], queryParams: ["q"] },
  { name: "comcast", domains: ["comcast.*"], queryParams: ["q"] },
  { name: "xfinity", domains: ["xfinity.*"], queryParams: ["q"] },
  { name: "yandex", domains: ["yandex.*"], queryParams: ["text"] },
  { name: "baidu", domains: ["baidu.*"], queryParams: ["wd", "word"] },
];

export interface SocialSite {
  name: string;
  domains: readonly string[];
}

export const SOCIAL_SITES: readonly SocialSite[] = [
  { name: "facebook", domains: ["facebook.com", "fb.com", "fb.me", "messenger.com"] },
  { name: "instagram", domains: ["instagram.com"] },
  { name: "linkedin", domains: ["linkedin.com", "lnkd.in"] },
  { name: "x", domains: ["x.com", "twitter.com", "t.co"] },
  { name: "reddit", domains: ["reddit.com", "redd.it"] },
  { name: "youtube", domains: ["youtube.com", "youtu.be"] },
  { name: "pinterest", domains: ["pinterest.*", "pin.it"] },
  { name: "tiktok", domains: ["tiktok.com"] },
  { name: "threads", domains: ["threads.net", "threads.com"] },
  { name: "bluesky", domains: ["bsky.app"] },
  { name: "mastodon", domains: ["mastodon.social"] },
  { name: "tumblr", domains: ["tumblr.com"] },
  { name: "quora", domains: ["quora.com"] },
];

/**
 * Per-value cap, measured on the value's percent-encoded form so the sign-up JSON cookie (nine
 * values, JSON-escaped, then percent-encoded) always stays under the browser's 4096-byte limit.
 */
export const MAX_ENCODED_VALUE_LENGTH = 150;
/** Cap on stored URL paths (first/last touch URL), in stored characters. */
export const MAX_PATH_LENGTH = 150;
/** Cap on a hidden form field's value taken from the URL, in percent-encoded characters. */
export const MAX_FIELD_PREFILL_LENGTH = 1000;
/** Browsers drop cookies whose name plus value exceed this; we never write one. */
export const MAX_COOKIE_SIZE = 4096;

/** Sign-up links carry these, from the cookies (spec section 7). */
export const SIGNUP_LINK_PARAMS = [
  "utm_source",
  "utm_campaign",
  "utm_medium",
  "last_touch_url",
  "utm_first_source",
  "utm_first_campaign",
  "utm_first_medium",
  "first_touch_url",
  "hs_tvar",
  "referrer",
] as const;

/** Product-owned hosts' links carry the analytics visitor id and the session-recording id. */
export const ANALYTICS_ID_PARAM = "mxid";
export const SESSION_RECORDING_ID_PARAM = "hpid";
/** Referral-programme parameters carried to app links. */
export const REFERRAL_PARAMS = ["gspk", "gsxid"] as const;

/** Sign-up prefill: query parameter → returned field. */
export const PREFILL_PARAMS = { reg: "email", fn: "fname", ln: "lname", cn: "company" } as const;

/** Hidden sign-up fields; each also exists with a `_First` suffix for the first touch. */
export const GA_FIELDS = [
  "GA_Source",
  "GA_Medium",
  "GA_Term",
  "GA_Campaign",
  "GA_Content",
  "GA_Url",
] as const;
export const GA_FIRST_SUFFIX = "_First";
/** What a GA field holds when neither the URL nor the cookies know the value. */
export const MISSING_FIELD_VALUE = "-";

/** Hidden form fields with these name prefixes are prefilled from the same-named URL parameter. */
export const HIDDEN_FIELD_PREFIXES = ["utm_", "hs_", "gclid", "content_types"] as const;
