/**
 * Every header policy of the server in one place: the Content-Security-Policy (built from a
 * config object), the other security headers, and the Cache-Control rule for static paths.
 */
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, IMMUTABLE_PREFIX } from "./constants.ts";

/**
 * Extra sources for third-party tags, added after the built-in ones. Each entry is one CSP
 * source expression: an origin (`https://www.googletagmanager.com`), a scheme (`wss:`), a
 * host pattern (`https://*.hubspot.com`) or a quoted keyword/hash (`'sha256-…'`).
 */
export interface CspConfig {
  scriptSrc?: readonly string[];
  styleSrc?: readonly string[];
  imgSrc?: readonly string[];
  fontSrc?: readonly string[];
  connectSrc?: readonly string[];
  frameSrc?: readonly string[];
  mediaSrc?: readonly string[];
  /** Where browsers POST violation reports (`report-uri`); omitted when unset. */
  reportUri?: string;
}

// A source containing these could end its directive and start another one (or a new header).
const UNSAFE_SOURCE_CHARS = /[\s;,'"]/;
const QUOTED_SOURCE = /^'[A-Za-z0-9+/=_-]+'$/;
const FORBIDDEN_SCRIPT_SOURCES = new Set(["'unsafe-inline'", "'unsafe-eval'", "*"]);
/** A scheme alone (`https:`, `data:`, `blob:`): every host, or content written in the URL. */
const BARE_SCHEME = /^[a-z][a-z0-9+.-]*:$/;
/** Every host of a scheme (`https://*`, `https://*:443/js/`); `https://*.example.com` is fine. */
const ANY_HOST = /^(?:[a-z][a-z0-9+.-]*:\/\/)?\*(?::(?:\d+|\*))?(?:\/.*)?$/;

/**
 * Whether a script-src source would let an injected script run. Browsers read keywords and
 * schemes in any case, so `'UNSAFE-INLINE'` counts as `'unsafe-inline'`.
 */
function allowsInjectedScripts(source: string): boolean {
  const lower = source.toLowerCase();
  return FORBIDDEN_SCRIPT_SOURCES.has(lower) || BARE_SCHEME.test(lower) || ANY_HOST.test(lower);
}

function checkSources(directive: string, sources: readonly string[] | undefined): string[] {
  const list = [...(sources ?? [])];
  for (const source of list) {
    const quotedOk = source.startsWith("'") && QUOTED_SOURCE.test(source);
    if (source === "" || (!quotedOk && UNSAFE_SOURCE_CHARS.test(source))) {
      throw new Error(
        `CSP ${directive}: ${JSON.stringify(source)} is not a single source expression ` +
          "(use an origin like https://example.com or a quoted keyword/hash)",
      );
    }
    if (directive === "script-src" && allowsInjectedScripts(source)) {
      throw new Error(
        `CSP script-src: ${source} would allow injected scripts; list the third-party origin ` +
          "or the script's 'sha256-…' hash instead",
      );
    }
  }
  return list;
}

/**
 * Scripts: only our own files and the configured third parties; the page's inline data is
 * `type="application/json"`, which browsers never execute, so it needs no exception.
 * Styles allow 'unsafe-inline' on purpose: prerendered React `style` attributes and the
 * third-party widgets' injected `<style>` tags need it, and CSS cannot run code.
 */
export function buildCsp(config: CspConfig = {}): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...checkSources("script-src", config.scriptSrc)]],
    ["style-src", ["'self'", "'unsafe-inline'", ...checkSources("style-src", config.styleSrc)]],
    ["img-src", ["'self'", "data:", "https:", ...checkSources("img-src", config.imgSrc)]],
    ["font-src", ["'self'", "data:", ...checkSources("font-src", config.fontSrc)]],
    ["connect-src", ["'self'", ...checkSources("connect-src", config.connectSrc)]],
    ["frame-src", ["'self'", ...checkSources("frame-src", config.frameSrc)]],
    ["media-src", ["'self'", ...checkSources("media-src", config.mediaSrc)]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
  ];
  if (config.reportUri !== undefined) {
    directives.push(["report-uri", checkSources("report-uri", [config.reportUri])]);
  }
  return directives
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`)
    .join("; ");
}

/**
 * `browsing-topics` is the current name of the ad-interest API; the old `interest-cohort`
 * name makes Chromium log a console error on every page.
 */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

export interface SecurityConfig {
  csp?: CspConfig;
}

/** The headers every response carries; computed once per app since the config is fixed. */
export function securityHeaders(config: SecurityConfig = {}): Readonly<Record<string, string>> {
  return {
    "Content-Security-Policy": buildCsp(config.csp),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Frame-Options": "DENY",
  };
}

/**
 * Adds the security headers a response lacks (a route may set its own stricter ones).
 * Responses with immutable headers (e.g. a proxied fetch) are copied first.
 */
export function withSecurityHeaders(
  response: Response,
  headers: Readonly<Record<string, string>>,
): Response {
  let target = response;
  for (const [name, value] of Object.entries(headers)) {
    if (target.headers.has(name)) continue;
    try {
      target.headers.set(name, value);
    } catch {
      target = new Response(target.body, target);
      target.headers.set(name, value);
    }
  }
  return target;
}

/**
 * Cache-Control for a file served at `pathname`. Only `/assets/*` is content-hashed; every
 * other URL (HTML, page-data, slice-data, app-data, sw.js, attribution.js, the manifest,
 * icons, sitemap, robots) keeps its name across builds, so it must be revalidated.
 */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith(IMMUTABLE_PREFIX) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}
