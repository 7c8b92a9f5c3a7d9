import {
  type CookieJar,
  gaFieldValues,
  hiddenFieldPrefill,
  parseCookieHeader,
} from "../attribution/index.ts";
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
