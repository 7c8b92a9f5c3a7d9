/**
 * HubSpot Forms API v3 facts and the delivery defaults derived from them.
 * https://developers.hubspot.com/docs/api/marketing/forms (submit a form, v3).
 */

/** HubSpot's own host for form submissions. */
export const HUBSPOT_DEFAULT_API_BASE = "https://api.hsforms.com";

/** The public submit endpoint allows 50 requests per 10 seconds per address. */
export const HUBSPOT_PUBLIC_LIMIT_PER_10S = 50;
export const HUBSPOT_RATE_WINDOW_MS = 10_000;

/** Our default pace: under the public limit, with room for the token bucket's burst. */
export const DEFAULT_MAX_PER_10S = 40;

/** After repeated 429s HubSpot blocks the address for a minute: the longest rate-limit pause. */
export const HUBSPOT_BLOCK_MS = 60_000;

/**
 * A send must finish this long before its lease ends: a worker sends a lead only while its lease
 * has one request timeout plus this left, so the lease must be longer than both together.
 */
export const LEASE_MARGIN_MS = 1_000;

/** The longest delay Node's setTimeout keeps: a longer one fires after 1 ms, with a warning. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const submitPath = (portalId: string, formGuid: string, secure: boolean): string =>
  `/submissions/v3/integration/${secure ? "secure/submit" : "submit"}/${encodeURIComponent(portalId)}/${encodeURIComponent(formGuid)}`;

/** HubSpot's 400 error types that mean "this submission will never be accepted as it is". */
export const HUBSPOT_ERROR_TYPES = [
  "INVALID_EMAIL",
  "BLOCKED_EMAIL",
  "REQUIRED_FIELD",
  "FIELD_NOT_IN_FORM_DEFINITION",
  "NUMBER_OUT_OF_RANGE",
  "VALUE_NOT_IN_FIELD_DEFINITION",
  "INVALID_METADATA",
  "INVALID_GOTOWEBINAR_WEBINAR_KEY",
  "INVALID_HUTK",
  "INVALID_IP_ADDRESS",
  "INVALID_PAGE_URI",
  "INVALID_LEGAL_OPTION_FORMAT",
  "MISSING_PROCESSING_CONSENT",
  "MISSING_PROCESSING_CONSENT_TEXT",
  "MISSING_COMMUNICATION_CONSENT_TEXT",
  "MISSING_LEGITIMATE_INTEREST_TEXT",
  "DUPLICATE_SUBSCRIPTION_TYPE_ID",
  "FORM_HAS_RECAPTCHA_ENABLED",
  "ERROR_403_FORM_NOT_PUBLIC",
  "OUT_OF_DATE",
] as const;
