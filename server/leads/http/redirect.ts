import { formAnchor, NO_JS_QUERY } from "./constants.ts";

/**
 * The no-JavaScript contract's redirect (docs/lead-api.md): a native form post is answered with
 * 303 to a path on this site — the page the form named, else the Referer — with the outcome in
 * the query and the form's anchor as fragment. The Location is always a path of this site, so the
 * endpoint can never be used as an open redirect.
 */

/**
 * `candidate` (a path, or an absolute URL of this site) as a safe site path with its query, or
 * null when it points anywhere else.
 */
export function sameSitePath(
  candidate: string | null | undefined,
  siteHosts: readonly string[],
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
  if (!siteHosts.includes(url.host.toLowerCase())) return null;
  // "//evil.example" as a Location would be a protocol-relative URL to another host.
  if (!url.pathname.startsWith("/") || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}`;
}

export type NoJsOutcome =
  | { status: "success" }
  | { status: "error"; fields: readonly string[] }
  | { status: "error"; reason: string };

/** `path` with earlier hd_* flags replaced by this outcome's, and the form's anchor. */
export function noJsLocation(path: string, formId: string | null, outcome: NoJsOutcome): string {
  const url = new URL(path, "http://site.invalid");
  for (const name of Object.values(NO_JS_QUERY)) url.searchParams.delete(name);
  if (formId) url.searchParams.set(NO_JS_QUERY.form, formId);
  url.searchParams.set(NO_JS_QUERY.status, outcome.status);
  if ("fields" in outcome) url.searchParams.set(NO_JS_QUERY.errors, outcome.fields.join(","));
  if ("reason" in outcome) url.searchParams.set(NO_JS_QUERY.reason, outcome.reason);
  const hash = formId ? `#${formAnchor(formId)}` : "";
  return `${url.pathname}${url.search}${hash}`;
}
