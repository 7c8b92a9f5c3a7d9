import { classify, isExternalReferrer, type TouchRule } from "./classify.ts";
import {
  ATTRIBUTION_COOKIE_MAX_AGE_MS,
  COOKIE_PATH,
  COOKIE_SAME_SITE,
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  LOGIN_PATH_PREFIX,
  MAX_COOKIE_SIZE,
  PRODUCT_COOKIE_MAX_AGE_MS,
  REFERRAL_ID_COOKIE,
  REFERRAL_ID_PARAM,
  SIGNUP_COOKIE,
  TEST_VARIATION_COOKIE,
  TEST_VARIATION_PARAM,
} from "./constants.ts";
import { cookieDomainFor } from "./cookie-domain.ts";
import {
  encodeFirstTouch,
  encodeLastTouch,
  encodePath,
  encodeSignup,
  encodeText,
  parseFirstTouch,
  parseLastTouch,
  parsePath,
} from "./encoding.ts";
import { isConfiguredHost } from "./hosts.ts";
import { readAttribution } from "./snapshot.ts";
import type { AttributionConfig, CookieJar, CookieWrite, Touch } from "./types.ts";
import { cleanValue, parseHttpUrl, requireParsedUrl, requireUrl } from "./values.ts";

export interface PageView {
  /** The page's absolute URL. */
  url: string;
  /** `document.referrer` on a full page load; the previous page after a client navigation. */
  referrer?: string | null;
  /** Current raw cookie values by name. */
  cookies: CookieJar;
  now: Date | number;
  config: AttributionConfig;
}

export interface PageViewResult {
  /** Whether the URL is tracked (a marketing host or a login page). */
  tracked: boolean;
  /** The rule that classified this visit, null when no touch was recorded. */
  rule: TouchRule | null;
  touch: Touch | null;
  /** Cookies to write, in order. */
  writes: CookieWrite[];
}

/**
 * Tracked URLs: pages on the marketing hosts, and login pages wherever they are served. Throws
 * AttributionInputError when `url` is undefined.
 */
export function isTrackedUrl(url: URL, config: AttributionConfig): boolean {
  requireParsedUrl("isTrackedUrl", url);
  return (
    isConfiguredHost(url.hostname, config.marketingHosts) ||
    url.pathname.startsWith(LOGIN_PATH_PREFIX)
  );
}

/**
 * The page-view core: URL, referrer, cookies and clock in, cookie writes out. Throws only when
 * `url` is undefined (a programming error); malformed data of any kind yields fewer writes,
 * never an exception and never a malformed cookie.
 */
export function trackPageView(view: PageView): PageViewResult {
  const href = requireUrl("trackPageView", view?.url, "view.url");
  const result: PageViewResult = { tracked: false, rule: null, touch: null, writes: [] };
  const url = parseHttpUrl(href);
  const time = view.now instanceof Date ? view.now.getTime() : view.now;
  if (!url || typeof time !== "number" || !Number.isFinite(time)) return result;
  const cookies: CookieJar = view.cookies ?? {};
  const domain = cookieDomainFor(url.hostname);
  const write = (name: string, value: string, maxAgeMs: number) => {
    const cookie: CookieWrite = {
      name,
      value,
      expires: new Date(time + maxAgeMs),
      path: COOKIE_PATH,
      sameSite: COOKIE_SAME_SITE,
    };
    if (domain) cookie.domain = domain;
    if (isWritable(cookie)) result.writes.push(cookie);
  };

  result.tracked = isTrackedUrl(url, view.config);
  if (result.tracked) {
    const referrer = parseHttpUrl(view.referrer);
    const previous = readAttribution(cookies);
    const classification = classify({
      url,
      referrer,
      hasLastTouch: parseLastTouch(cookies[LAST_TOUCH_COOKIE]) !== null,
      config: view.config,
    });
    let lastTouch = previous.lastTouch;
    let firstTouch = parseFirstTouch(cookies[FIRST_TOUCH_COOKIE]);
    let signupReferrer = previous.referrer;
    if (classification) {
      result.rule = classification.rule;
      result.touch = lastTouch = classification.touch;
      write(LAST_TOUCH_COOKIE, encodeLastTouch(lastTouch), ATTRIBUTION_COOKIE_MAX_AGE_MS);
      if (!firstTouch) {
        firstTouch = lastTouch;
        write(FIRST_TOUCH_COOKIE, encodeFirstTouch(firstTouch), ATTRIBUTION_COOKIE_MAX_AGE_MS);
      }
      // The sign-up referrer belongs to the touch: reset it with every new touch.
      signupReferrer =
        referrer && isExternalReferrer(referrer, url, view.config)
          ? cleanValue(referrer.origin + referrer.pathname)
          : "";
    }
    const path = encodePath(url.pathname);
    let firstUrl = parsePath(cookies[FIRST_URL_COOKIE]);
    if (!firstUrl) {
      firstUrl = path;
      write(FIRST_URL_COOKIE, firstUrl, ATTRIBUTION_COOKIE_MAX_AGE_MS);
    }
    write(LAST_URL_COOKIE, path, ATTRIBUTION_COOKIE_MAX_AGE_MS);
    write(
      SIGNUP_COOKIE,
      encodeSignup({
        utm_source: lastTouch?.source ?? "",
        utm_first_source: firstTouch?.source ?? "",
        utm_campaign: lastTouch?.campaign ?? "",
        utm_first_campaign: firstTouch?.campaign ?? "",
        utm_medium: lastTouch?.medium ?? "",
        utm_first_medium: firstTouch?.medium ?? "",
        last_touch_url: path,
        first_touch_url: firstUrl,
        referrer: signupReferrer,
      }),
      ATTRIBUTION_COOKIE_MAX_AGE_MS,
    );
  }

  const referralId = cleanValue(url.searchParams.get(REFERRAL_ID_PARAM) ?? "");
  if (referralId) write(REFERRAL_ID_COOKIE, encodeText(referralId), PRODUCT_COOKIE_MAX_AGE_MS);
  const variation = cleanValue(url.searchParams.get(TEST_VARIATION_PARAM) ?? "");
  if (variation) write(TEST_VARIATION_COOKIE, encodeText(variation), PRODUCT_COOKIE_MAX_AGE_MS);
  return result;
}

// RFC 6265 cookie-octets only; the encoders guarantee it, this keeps the guarantee local.
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

function isWritable(cookie: CookieWrite): boolean {
  return (
    COOKIE_VALUE.test(cookie.value) &&
    cookie.name.length + 1 + cookie.value.length <= MAX_COOKIE_SIZE
  );
}
