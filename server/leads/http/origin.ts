/**
 * Cross-site post refusal. Browsers send `Origin` on every POST, so a post from another site
 * carries that site's origin; it is accepted only from this site itself (the request's Host, or
 * the proxy's X-Forwarded-Host when the proxy is trusted) or from an origin listed in
 * ALLOWED_ORIGINS. No Origin at all means a non-browser client (curl, a server), which CSRF cannot
 * use — unless `Sec-Fetch-Site` says a browser sent it cross-site.
 *
 * The scheme is not compared: behind a TLS-terminating proxy the server sees http while the
 * page's origin is https, and only whoever controls this host can serve a page from it anyway.
 */

export interface OriginCheck {
  origin: string | null;
  secFetchSite: string | null;
  /** Hosts this site answers as (Host, and X-Forwarded-Host behind a trusted proxy), lowercased. */
  siteHosts: readonly string[];
  /** Normalised origins (`https://partner.example`) allowed besides the site itself. */
  allowedOrigins: readonly string[];
}

export function isAllowedOrigin(check: OriginCheck): boolean {
  if (check.origin === null) return check.secFetchSite?.toLowerCase() !== "cross-site";
  let url: URL;
  try {
    url = new URL(check.origin);
  } catch {
    // Includes the opaque "null" origin of sandboxed frames and file: pages.
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (check.siteHosts.includes(url.host.toLowerCase())) return true;
  return check.allowedOrigins.includes(url.origin);
}

/** `https://Partner.example/` → `https://partner.example`; throws on anything that is not an http(s) origin. */
export function normaliseOrigin(text: string): string {
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`expected an http(s) origin, got ${JSON.stringify(text)}`);
  }
  if (url.pathname !== "/" || url.search || url.hash || url.username) {
    throw new Error(
      `expected an origin without path, query or credentials, got ${JSON.stringify(text)}`,
    );
  }
  return url.origin;
}
