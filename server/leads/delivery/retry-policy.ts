/**
 * What to do after one delivery attempt, and when to try again. Pure: the outcome of an HTTP
 * exchange in, a decision out; randomness injected so tests are exact.
 *
 * - 2xx: delivered.
 * - Network error, timeout, 408, 429, 5xx, 401/403 (our credentials or the portal's settings,
 *   not the lead, are wrong: an operator fixes them) and 3xx: retry, without limit in time.
 * - 400 (HubSpot's `{status:"error", message, errors:[{message, errorType}]}`), 404 (unknown
 *   portal or form) and other 4xx: dead, with the reason; retried by hand after a fix.
 */

export type SendOutcome =
  | { kind: "response"; status: number; body: string; retryAfter: string | null }
  | { kind: "network"; message: string }
  | { kind: "timeout" };

export type Decision =
  | { action: "delivered"; status: number }
  | {
      action: "retry";
      status: number | null;
      reason: string;
      /** The CRM said "slow down": the pacer pauses everyone, not just this lead. */
      rateLimited: boolean;
      /** From Retry-After, when the CRM sent one. */
      retryAfterMs: number | null;
    }
  | { action: "dead"; status: number; reason: string };

export interface BackoffPolicy {
  /** The first retry waits up to this long. */
  baseMs: number;
  /** No wait is longer than this, however many attempts failed. */
  capMs: number;
}

/**
 * Exponential backoff with full jitter: a uniform wait in [0, min(cap, base·2^attempt)).
 * Full jitter spreads a crowd of failed leads across the window instead of retrying in a wave.
 */
export function backoffDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
): number {
  const exponent = Math.min(Math.max(0, attempt), 30);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}

/**
 * When to try again after `decision` (attempt = failed attempts before this one): a longer
 * Retry-After is honoured up to the cap, never past it. The header is the CRM's (or whatever
 * stands in front of it) to write; a "come back in a day" must not park a lead for a day.
 */
export function retryDelayMs(
  decision: Extract<Decision, { action: "retry" }>,
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
): number {
  const backoff = backoffDelayMs(attempt, policy, random);
  return Math.min(policy.capMs, Math.max(decision.retryAfterMs ?? 0, backoff));
}

/**
 * RFC 9110's three HTTP-date forms: IMF-fixdate, and the obsolete RFC 850 and asctime ones.
 * Date.parse alone would read almost anything ("-1", "1.5", "+5" are days in 2001).
 */
const IMF_FIXDATE = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC850_DATE = /^[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * Retry-After as seconds or an HTTP date, in ms from `nowMs`; null when absent or unreadable.
 * Not bounded here: retryDelayMs and the pacer cut it to their own caps.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  let at = Number.NaN;
  if (IMF_FIXDATE.test(trimmed) || RFC850_DATE.test(trimmed)) at = Date.parse(trimmed);
  // asctime has no zone and means GMT; Date.parse would read it as local time.
  else if (ASCTIME_DATE.test(trimmed)) at = Date.parse(`${trimmed} GMT`);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

interface HubSpotErrorBody {
  status?: unknown;
  message?: unknown;
  errors?: Array<{ message?: unknown; errorType?: unknown }>;
}

/** "INVALID_EMAIL, REQUIRED_FIELD: first message", or null when the body is not HubSpot's shape. */
export function hubspotErrorReason(body: string): string | null {
  let parsed: HubSpotErrorBody;
  try {
    parsed = JSON.parse(body) as HubSpotErrorBody;
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const errors = Array.isArray(parsed.errors) ? parsed.errors : [];
  const types = [
    ...new Set(
      errors
        .map((error) => (typeof error?.errorType === "string" ? error.errorType : null))
        .filter((type): type is string => type !== null),
    ),
  ];
  const message =
    errors.find((error) => typeof error?.message === "string")?.message ??
    (typeof parsed.message === "string" ? parsed.message : null);
  if (types.length === 0 && message === null) return null;
  const summary = types.length > 0 ? types.join(", ") : "ERROR";
  return message ? `${summary}: ${String(message).slice(0, 300)}` : summary;
}

/** The error types of a HubSpot 400, for logs (types only: messages may quote a visitor's input). */
export function hubspotErrorTypes(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as HubSpotErrorBody;
    return Array.isArray(parsed?.errors)
      ? parsed.errors.map((e) => e?.errorType).filter((t): t is string => typeof t === "string")
      : [];
  } catch {
    return [];
  }
}

export function classifyOutcome(outcome: SendOutcome, nowMs = Date.now()): Decision {
  if (outcome.kind === "timeout") {
    return {
      action: "retry",
      status: null,
      reason: "timeout",
      rateLimited: false,
      retryAfterMs: null,
    };
  }
  if (outcome.kind === "network") {
    return {
      action: "retry",
      status: null,
      reason: `network error: ${outcome.message.slice(0, 200)}`,
      rateLimited: false,
      retryAfterMs: null,
    };
  }
  const { status } = outcome;
  if (status >= 200 && status < 300) return { action: "delivered", status };
  const retryAfterMs = parseRetryAfter(outcome.retryAfter, nowMs);
  if (status === 429) {
    // HubSpot answers 429 with a plain-text body; whatever the body, it means "slow down".
    return {
      action: "retry",
      status,
      reason: "HTTP 429 rate limited",
      rateLimited: true,
      retryAfterMs,
    };
  }
  if (status >= 500 || status === 408 || status === 401 || status === 403 || status < 400) {
    return { action: "retry", status, reason: `HTTP ${status}`, rateLimited: false, retryAfterMs };
  }
  if (status === 404) {
    return {
      action: "dead",
      status,
      reason: `HTTP 404: the CRM does not know this portal or form${suffix(hubspotErrorReason(outcome.body))}`,
    };
  }
  const reason = hubspotErrorReason(outcome.body);
  return { action: "dead", status, reason: reason ?? `HTTP ${status}` };
}

const suffix = (reason: string | null): string => (reason ? ` (${reason})` : "");
