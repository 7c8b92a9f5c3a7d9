import { formAnchor, NO_JS_QUERY } from "./constants.ts";

/**
 * The no-JavaScript contract's redirect (docs/lead-api.md): a native form post is answered with
 * 303 to the page it came from — the page the form named, else the Referer — with the outcome in
 * the query and the form's anchor as fragment. The Location is always a path of this site or a
 * page of an origin ALLOWED_ORIGINS lists (whose pages may post leads too), so the endpoint can
 * never be used as an open redirect.
 */

/**
 * `candidate` (a path, or an absolute URL) as where to send the visitor back: a path of this
 * site with its query, or the absolute URL of a page of one of `allowedOrigins`; null when it
 * points anywhere else.
 */
export function returnTarget(
  candidate: string | null | undefined,
  siteHosts: readonly string[],
  allowedOrigins: readonly string[] = [],
): string | null {
  if (!candidate || candidate.length > 2_048) return null;
  // Control characters and backslashes have no place in a path a form names; browsers read "\" as "/".
  if (/[\p{Cc}\\]/u.test(candidate)) return null;
  const base = siteHosts[0];
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(candidate, `http://${base}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // "//evil.example" as a Location would be a protocol-relative URL to another host.
  if (!url.pathname.startsWith("/") || url.pathname.startsWith("//")) return null;
  if (siteHosts.includes(url.host.toLowerCase())) return `${url.pathname}${url.search}`;
  if (allowedOrigins.includes(url.origin) && !url.username && !url.password) {
    return `${url.origin}${url.pathname}${url.search}`;
  }
  return null;
}

export type NoJsOutcome =
  | { status: "success" }
  | { status: "error"; fields: readonly string[] }
  | { status: "error"; reason: string };

/**
 * `target` (a `returnTarget`: a path, or a page of an allowed origin) with earlier hd_* flags
 * replaced by this outcome's, and the form's anchor.
 */
export function noJsLocation(target: string, formId: string | null, outcome: NoJsOutcome): string {
  const placeholder = "http://site.invalid";
  const url = new URL(target, placeholder);
  const origin = url.origin === placeholder ? "" : url.origin;
  for (const name of Object.values(NO_JS_QUERY)) url.searchParams.delete(name);
  if (formId) url.searchParams.set(NO_JS_QUERY.form, formId);
  url.searchParams.set(NO_JS_QUERY.status, outcome.status);
  if ("fields" in outcome) url.searchParams.set(NO_JS_QUERY.errors, outcome.fields.join(","));
  if ("reason" in outcome) url.searchParams.set(NO_JS_QUERY.reason, outcome.reason);
  const hash = formId ? `#${formAnchor(formId)}` : "";
  return `${origin}${url.pathname}${url.search}${hash}`;
}
