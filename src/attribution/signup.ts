import { campaignFromUrl } from "./classify.ts";
import {
  type GA_FIELDS,
  GA_FIRST_SUFFIX,
  HIDDEN_FIELD_PREFIXES,
  MAX_FIELD_PREFILL_LENGTH,
  MISSING_FIELD_VALUE,
  PREFILL_PARAMS,
} from "./constants.ts";
import { cleanTouch } from "./encoding.ts";
import { readAttribution } from "./snapshot.ts";
import type { CookieJar, Touch } from "./types.ts";
import { cleanPath, cleanValue, parseHttpUrl, requireUrl } from "./values.ts";

/** Helpers for the app's sign-up page and the lead forms. */

export type SignupPrefill = Record<(typeof PREFILL_PARAMS)[keyof typeof PREFILL_PARAMS], string>;

/** Query `reg`, `fn`, `ln`, `cn` → `{email, fname, lname, company}`; missing values are "". */
export function signupPrefill(url: string): SignupPrefill {
  const page = parseHttpUrl(requireUrl("signupPrefill", url));
  const prefill = { email: "", fname: "", lname: "", company: "" };
  for (const [param, field] of Object.entries(PREFILL_PARAMS)) {
    prefill[field] = cleanValue(page?.searchParams.get(param) ?? "");
  }
  return prefill;
}

type GaField = (typeof GA_FIELDS)[number];
export type GaFieldName = GaField | `${GaField}${typeof GA_FIRST_SUFFIX}`;

/**
 * The hidden GA_* sign-up fields. Each touch comes wholly from the URL when the URL carries
 * any of its values (so source, medium and term never mix two different visits), otherwise
 * from the cookies; the URLs likewise. Missing values become "-".
 */
export function gaFieldValues(url: string, cookies: CookieJar): Record<GaFieldName, string> {
  const page = parseHttpUrl(requireUrl("gaFieldValues", url));
  const stored = readAttribution(cookies ?? {});
  const param = (name: string) => cleanValue(page?.searchParams.get(name) ?? "");
  const firstFromUrl = cleanTouch({
    source: param("utm_first_source"),
    medium: param("utm_first_medium"),
    campaign: param("utm_first_campaign"),
    term: param("utm_first_term"),
    content: param("utm_first_content"),
  });
  const last = (page && campaignFromUrl(page)) ?? stored.lastTouch;
  const first = Object.values(firstFromUrl).some(Boolean) ? firstFromUrl : stored.firstTouch;
  const lastUrl = cleanPath(param("last_touch_url")) || stored.lastUrl;
  const firstUrl = cleanPath(param("first_touch_url")) || stored.firstUrl;
  return {
    ...touchFields(last, lastUrl, ""),
    ...touchFields(first, firstUrl, GA_FIRST_SUFFIX),
  } as Record<GaFieldName, string>;
}

function touchFields(touch: Touch | null, url: string, suffix: string): Record<string, string> {
  const value = (text: string | undefined) => text || MISSING_FIELD_VALUE;
  return {
    [`GA_Source${suffix}`]: value(touch?.source),
    [`GA_Medium${suffix}`]: value(touch?.medium),
    [`GA_Term${suffix}`]: value(touch?.term),
    [`GA_Campaign${suffix}`]: value(touch?.campaign),
    [`GA_Content${suffix}`]: value(touch?.content),
    [`GA_Url${suffix}`]: value(url),
  };
}

/**
 * Hidden form fields named `utm_*`, `hs_*`, `gclid*` or `content_types*` take the same-named URL
 * query parameter. Undefined for other names and when the URL lacks the parameter.
 */
export function hiddenFieldPrefill(fieldName: string, url: string): string | undefined {
  const page = parseHttpUrl(requireUrl("hiddenFieldPrefill", url));
  if (
    typeof fieldName !== "string" ||
    !HIDDEN_FIELD_PREFIXES.some((prefix) => fieldName.startsWith(prefix))
  ) {
    return undefined;
  }
  const value = page?.searchParams.get(fieldName);
  return value === null || value === undefined
    ? undefined
    : cleanValue(value, MAX_FIELD_PREFILL_LENGTH);
}
