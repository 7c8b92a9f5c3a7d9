/**
 * Cross-origin posts from the pages of ALLOWED_ORIGINS (an events site, a partner's page): a
 * browser sends a form's JSON there only after a preflight (`OPTIONS`) says it may, and reads
 * the answer only when it names the page's origin. Without these headers the origin check let
 * such pages post, but their scripts could neither send nor read. No credentials: the API needs
 * no cookie of another origin, and a page of this site posts same-origin.
 */
import type { Context, MiddlewareHandler } from "hono";
import { MESSAGES } from "./constants.ts";
import type { LeadApiDeps } from "./deps.ts";

/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/** The request's origin when ALLOWED_ORIGINS lists it (normalised), else null. */
export function listedOrigin(
  origin: string | null | undefined,
  allowedOrigins: readonly string[],
): string | null {
  if (!origin) return null;
  try {
    const { origin: normalised } = new URL(origin);
    return allowedOrigins.includes(normalised) ? normalised : null;
  } catch {
    return null;
  }
}

/** `OPTIONS` of a lead endpoint: 204 with what a listed origin may send, else 403. */
export function preflightHandler(deps: LeadApiDeps) {
  return (c: Context): Response => {
    const origin = listedOrigin(c.req.header("origin"), deps.settings.allowedOrigins);
    c.header("Vary", "Origin");
    if (origin === null) return c.json({ success: false, message: MESSAGES.crossSite }, 403);
    c.header("Access-Control-Allow-Origin", origin);
    c.header("Access-Control-Allow-Methods", "POST");
    c.header("Access-Control-Allow-Headers", "Content-Type");
    c.header("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_S));
    return c.body(null, 204);
  };
}

/** Lets a listed origin's page read a lead endpoint's answer, whatever it is. */
export function crossOriginAnswers(deps: LeadApiDeps): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // The preflight's answer says it already.
    if (!/(^|,)\s*origin\s*(,|$)/i.test(c.res.headers.get("Vary") ?? "")) {
      c.res.headers.append("Vary", "Origin");
    }
    const origin = listedOrigin(c.req.header("origin"), deps.settings.allowedOrigins);
    if (origin !== null) c.res.headers.set("Access-Control-Allow-Origin", origin);
  };
}
