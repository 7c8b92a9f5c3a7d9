import {
  ANALYTICS_ID_PARAM,
  PROMO_PARAM,
  REFERRAL_PARAMS,
  SESSION_RECORDING_ID_PARAM,
  type SIGNUP_LINK_PARAMS,
  SIGNUP_PATH_PREFIX,
} from "./constants.ts";
import { parseText } from "./encoding.ts";
import { isConfiguredHost } from "./hosts.ts";
import { readAttribution } from "./snapshot.ts";
import type { AttributionConfig, CookieJar } from "./types.ts";
import {
  cleanValue,
  keepsPageHost,
  parseHttpUrl,
  requireHref,
  requireParsedUrl,
  requireUrl,
} from "./values.ts";

/*
 * Link rewriting as pure functions on href strings. Each answers the href unchanged when it has
 * nothing to add, and never replaces a query parameter the link already carries, so running
 * them again on their own output changes nothing.
 */

type SignupLinkParam = (typeof SIGNUP_LINK_PARAMS)[number];

export interface SignupLinkContext {
  /** The current page's absolute URL (relative hrefs resolve against it). */
  pageUrl: string;
  cookies: CookieJar;
  config: AttributionConfig;
}

/**
 * The page's URL, parsed once for all the links of a rewrite rather than once per link. Only
 * read, never changed, so handing the same object out again is safe.
 */
let lastPage: { href: string; url: URL | null; on: Map<readonly string[], boolean> } | null = null;
function parsePageUrl(href: string): URL | null {
  if (lastPage?.href !== href) lastPage = { href, url: parseHttpUrl(href), on: new Map() };
  return lastPage.url;
}

/** Whether the page is on one of `hosts`, answered once per page and host list. */
function pageIsOn(pageHref: string, hosts: readonly string[]): boolean {
  const page = parsePageUrl(pageHref);
  if (!page || !lastPage) return false;
  let on = lastPage.on.get(hosts);
  if (on === undefined) {
    on = isConfiguredHost(page.hostname, hosts);
    lastPage.on.set(hosts, on);
  }
  return on;
}

/** A sign-up page: a path under /members/register/ on an app host. */
export function isSignupUrl(url: URL, config: AttributionConfig): boolean {
  requireParsedUrl("isSignupUrl", url);
  return (
    url.pathname.startsWith(SIGNUP_PATH_PREFIX) && isConfiguredHost(url.hostname, config.appHosts)
  );
}

/** The values sign-up links carry, from the cookies; empty values are left out. */
export function signupLinkParams(cookies: CookieJar): Partial<Record<SignupLinkParam, string>> {
  const state = readAttribution(cookies);
  const values: Record<SignupLinkParam, string> = {
    utm_source: state.lastTouch?.source ?? "",
    utm_campaign: state.lastTouch?.campaign ?? "",
    utm_medium: state.lastTouch?.medium ?? "",
    last_touch_url: state.lastUrl,
    utm_first_source: state.firstTouch?.source ?? "",
    utm_first_campaign: state.firstTouch?.campaign ?? "",
    utm_first_medium: state.firstTouch?.medium ?? "",
    first_touch_url: state.firstUrl,
    hs_tvar: state.testVariation,
    referrer: state.referrer,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
}

/**
 * signupLinkParams once per cookie jar: a rewrite pass hands every link the same jar, and
 * reading the attribution cookies again for each sign-up link was most of a pass's time.
 * A jar is read-only, so its answer cannot go stale.
 */
const paramsByJar = new WeakMap<CookieJar, ReturnType<typeof signupLinkParams>>();
function signupParamsOf(cookies: CookieJar): ReturnType<typeof signupLinkParams> {
  let params = paramsByJar.get(cookies);
  if (!params) {
    params = signupLinkParams(cookies);
    paramsByJar.set(cookies, params);
  }
  return params;
}

/**
 * Adds the attribution parameters and the page's `promo` to a sign-up link. Skipped on a
 * sign-up page itself. Relative sign-up hrefs come back absolute.
 */
export function rewriteSignupHref(href: string, context: SignupLinkContext): string {
  requireHref("rewriteSignupHref", href);
  const pageHref = requireUrl("rewriteSignupHref", context?.pageUrl, "context.pageUrl");
  const page = parsePageUrl(pageHref);
  if (page && isSignupUrl(page, context.config)) return href;
  // A same-host link can only reach a sign-up page when this page is on an app host: most of
  // a marketing page's links end here without being parsed.
  if (keepsPageHost(href) && !(page && isConfiguredHost(page.hostname, context.config.appHosts)))
    return href;
  const link = parseHttpUrl(href, page?.href);
  if (!link || !isSignupUrl(link, context.config)) return href;
  const params: Record<string, string> = { ...signupParamsOf(context.cookies ?? {}) };
  const promo = cleanValue(page?.searchParams.get(PROMO_PARAM) ?? "");
  if (promo) params[PROMO_PARAM] = promo;
  return addMissingParams(href, link, params);
}

export interface ProductIds {
  /** The analytics visitor id. */
  mxid?: string | null;
  /** The session-recording id. */
  hpid?: string | null;
}

/** The base for a protocol-relative link when no page URL is given. */
const ANY_HTTPS_PAGE = "https://localhost/";

/**
 * Resolves a link against the page it is on, when it can lead to one of `hosts`: absolute and
 * protocol-relative links always (protocol-relative ones take the page's scheme, or https
 * without a page), relative links only when the page itself is on one of `hosts`, so most of a
 * marketing page's links end here without being parsed. A link to a place in the page itself
 * (`#…`) is left alone: with parameters it would load the page again.
 */
function linkTo(href: string, hosts: readonly string[], pageUrl: string | undefined): URL | null {
  const pageHref = typeof pageUrl === "string" ? pageUrl : null;
  if (keepsPageHost(href)) {
    if (pageHref === null || !pageIsOn(pageHref, hosts) || href.trim().startsWith("#")) return null;
    return parseHttpUrl(href, pageHref);
  }
  // Absolute links parse on their own; protocol-relative ones take the page's scheme.
  const link =
    parseHttpUrl(href) ??
    parseHttpUrl(href, (pageHref === null ? null : parsePageUrl(pageHref)?.href) ?? ANY_HTTPS_PAGE);
  return link && isConfiguredHost(link.hostname, hosts) ? link : null;
}

/**
 * Links to other product-owned hosts carry the analytics and session-recording ids when known.
 * `pageUrl`, the page the link is on, resolves protocol-relative and relative links; a link
 * that gets ids comes back absolute, any other as it was.
 */
export function addProductIds(
  href: string,
  ids: ProductIds,
  config: AttributionConfig,
  pageUrl?: string,
): string {
  requireHref("addProductIds", href);
  const link = linkTo(href, config.productHosts, pageUrl);
  if (!link) return href;
  return addMissingParams(href, link, {
    [ANALYTICS_ID_PARAM]: cleanValue(ids?.mxid ?? ""),
    [SESSION_RECORDING_ID_PARAM]: cleanValue(ids?.hpid ?? ""),
  });
}

export type ReferralParams = Partial<Record<(typeof REFERRAL_PARAMS)[number], string>>;

/** gspk and gsxid: the page URL's values first, otherwise the same-named cookies. */
export function readReferralParams(pageUrl: string, cookies: CookieJar): ReferralParams {
  const page = parseHttpUrl(requireUrl("readReferralParams", pageUrl, "pageUrl"));
  const params: ReferralParams = {};
  for (const name of REFERRAL_PARAMS) {
    const value =
      cleanValue(page?.searchParams.get(name) ?? "") || (parseText(cookies?.[name]) ?? "");
    if (value) params[name] = value;
  }
  return params;
}

/**
 * Links to the app's hosts carry the referral-programme parameters. `pageUrl` resolves links as
 * for addProductIds (relative links on the app's own pages count).
 */
export function addReferralParams(
  href: string,
  params: ReferralParams,
  config: AttributionConfig,
  pageUrl?: string,
): string {
  requireHref("addReferralParams", href);
  const link = linkTo(href, config.appHosts, pageUrl);
  if (!link) return href;
  const values: Record<string, string> = {};
  for (const name of REFERRAL_PARAMS) values[name] = cleanValue(params?.[name] ?? "");
  return addMissingParams(href, link, values);
}

// Appends rather than re-serialising, so the link's own query string stays byte for byte.
function addMissingParams(href: string, link: URL, params: Record<string, string>): string {
  const extra = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== "" && !link.searchParams.has(name)) extra.append(name, value);
  }
  const query = extra.toString();
  if (query === "") return href;
  link.search = link.search ? `${link.search}&${query}` : `?${query}`;
  return link.href;
}
