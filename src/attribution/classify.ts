import {
  CAMPAIGN_PARAMS,
  CLICK_ID_DEFAULT_MEDIUM,
  CLICK_ID_DEFAULT_SOURCE,
  CLICK_ID_PARAM,
  DIRECT_MEDIUM,
  DIRECT_SOURCE,
  ORGANIC_CAMPAIGN,
  ORGANIC_MEDIUM,
  REFERRAL_CAMPAIGN,
  REFERRAL_MEDIUM,
  SEARCH_ENGINES,
  SOCIAL_CAMPAIGN,
  SOCIAL_MEDIUM,
  SOCIAL_SITES,
} from "./constants.ts";
import { cleanTouch } from "./encoding.ts";
import { isConfiguredHost, matchesAnyDomain, normaliseHost } from "./hosts.ts";
import type { AttributionConfig, Touch } from "./types.ts";
import { cleanValue, parseHttpUrl, requireParsedUrl, requireUrl } from "./values.ts";

/** Why a touch was classified the way it was: the rule number of the specification. */
export type TouchRule = "campaign" | "search" | "social" | "referral" | "direct";

export interface Classification {
  rule: TouchRule;
  touch: Touch;
}

export interface ClassifyInput {
  url: URL;
  referrer: URL | null;
  /** Whether a (valid) last-touch cookie exists; rule 5 applies only without one. */
  hasLastTouch: boolean;
  config: AttributionConfig;
}

/**
 * The five rules in priority order; null when none applies (an internal visit with history).
 * Throws AttributionInputError when `url` is undefined.
 */
export function classify(input: ClassifyInput): Classification | null {
  const url = requireParsedUrl("classify", input?.url, "input.url");
  const { referrer, hasLastTouch, config } = input;
  const campaign = campaignFromUrl(url);
  if (campaign) return { rule: "campaign", touch: campaign };
  const external = referrer && isExternalReferrer(referrer, url, config) ? referrer : null;
  if (external) return classifyReferrer(external);
  if (!hasLastTouch) {
    return { rule: "direct", touch: cleanTouch({ source: DIRECT_SOURCE, medium: DIRECT_MEDIUM }) };
  }
  return null;
}

/** Rule 1: the URL's campaign values; a click id defaults source/medium to google/cpc. */
export function campaignFromUrl(url: URL): Touch | null {
  const value = (name: string) => cleanValue(url.searchParams.get(name) ?? "");
  if (!CAMPAIGN_PARAMS.some((name) => value(name) !== "")) return null;
  const clickId = value(CLICK_ID_PARAM) !== "";
  return cleanTouch({
    source: value("utm_source") || (clickId ? CLICK_ID_DEFAULT_SOURCE : ""),
    medium: value("utm_medium") || (clickId ? CLICK_ID_DEFAULT_MEDIUM : ""),
    campaign: value("utm_campaign"),
    term: value("utm_term"),
    content: value("utm_content"),
  });
}

/**
 * External means: not one of our marketing or app hosts, and not the page's own host (a
 * client-side navigation passes the previous page as the referrer).
 */
export function isExternalReferrer(referrer: URL, page: URL, config: AttributionConfig): boolean {
  const host = referrer.hostname;
  if (normaliseHost(host) === normaliseHost(page.hostname)) return false;
  return !isConfiguredHost(host, config.marketingHosts) && !isConfiguredHost(host, config.appHosts);
}

/** Rules 2–4 for an external referrer. */
export function classifyReferrer(referrer: URL): Classification {
  const host = normaliseHost(referrer.hostname);
  const engine = SEARCH_ENGINES.find((candidate) => matchesAnyDomain(host, candidate.domains));
  if (engine) {
    const term =
      engine.queryParams
        .map((name) => cleanValue(referrer.searchParams.get(name) ?? ""))
        .find(Boolean) ?? "";
    return {
      rule: "search",
      touch: cleanTouch({
        source: engine.name,
        medium: ORGANIC_MEDIUM,
        campaign: ORGANIC_CAMPAIGN,
        term,
      }),
    };
  }
  const social = SOCIAL_SITES.find((candidate) => matchesAnyDomain(host, candidate.domains));
  if (social) {
    return {
      rule: "social",
      touch: cleanTouch({ source: social.name, medium: SOCIAL_MEDIUM, campaign: SOCIAL_CAMPAIGN }),
    };
  }
  return {
    rule: "referral",
    touch: cleanTouch({
      source: host,
      medium: REFERRAL_MEDIUM,
      campaign: REFERRAL_CAMPAIGN,
      content: referrer.pathname,
    }),
  };
}

/**
 * String-level convenience: parses both URLs (a malformed referrer counts as none). Throws
 * AttributionInputError when `url` is undefined; a malformed `url` classifies as nothing (null).
 */
export function classifyStrings(input: {
  url: string;
  referrer?: string | null;
  hasLastTouch: boolean;
  config: AttributionConfig;
}): Classification | null {
  const url = parseHttpUrl(requireUrl("classifyStrings", input?.url, "input.url"));
  if (!url) return null;
  return classify({
    url,
    referrer: parseHttpUrl(input.referrer),
    hasLastTouch: input.hasLastTouch,
    config: input.config,
  });
}
