/**
 * Spec constants of lead forms (§3, §5, §7, §9), named as the spec names them. The browser
 * renderer and the lead API both import these, so a rule can never differ between the two.
 */

/** §5: validation re-runs on change once a field has turned invalid, debounced this long. */
export const FIELD_DEBOUNCE_MS = 200;

/** §5, §9: forms with this many visible fields or more are compact. */
export const COMPACT_FORM_THRESHOLD = 6;

/** §5: the messages the spec gives. */
export const FORM_MESSAGES = {
  required: "Sorry, that is required",
  email: "Please enter a valid email address",
  selectOne: "Please select at least one option",
} as const;

/** §4: the submit button's text while a submission is in flight. */
export const SUBMITTING_TEXT = "Sending...";

/** §3: the six field types a form definition may use. */
export const FIELD_TYPES = [
  "dropdown",
  "email",
  "file",
  "multi_line_text",
  "radio",
  "single_line_text",
] as const;

/** §5: hidden fields whose names start with these are prefilled from the same-named query parameter. */
export const QUERY_PREFILL_PREFIXES = ["utm_", "hs_", "gclid", "content_types"] as const;

/** §5: file fields accept images and PDF. */
export const FILE_ACCEPT = "image/*,application/pdf";

/** §7: the lead API's endpoints. */
export const SUBMIT_FORM_PATH = "/api/hubspot/submitForm";
export const UPLOAD_FILE_PATH = "/api/hubspot/uploadFile";
export const IP_LOOKUP_PATH = "/api/ip";

/**
 * Names of the consent values in a submission, as HubSpot's own embed names them: the
 * consent-to-process checkbox, and one checkbox per communications subscription type.
 */
export const CONSENT_TO_PROCESS_FIELD = "LEGAL_CONSENT.processing";
export const communicationsConsentField = (subscriptionTypeId: number): string =>
  `LEGAL_CONSENT.subscription_type_${subscriptionTypeId}`;

/**
 * Abuse control: a field no person fills in (visually hidden, not focusable, no autocomplete),
 * and the time the form was open. A submission that fills the honeypot, or arrives sooner than
 * MIN_FILL_MS after the form was shown, is answered like a success and held as spam.
 */
export const HONEYPOT_FIELD = "hd_website";
export const FILL_TIME_FIELD = "hd_fill_ms";
export const MIN_FILL_MS = 3_000;

/** A client-generated id per submission attempt: the same id twice stores one lead. */
export const SUBMISSION_ID_FIELD = "submissionId";

/** Value caps, enforced by the browser (maxLength) and the server alike. */
export const MAX_LENGTH = {
  single_line_text: 500,
  email: 254,
  multi_line_text: 10_000,
  /** A file field carries the URL the upload answered with. */
  file: 2_048,
  dropdown: 500,
  radio: 500,
  /** pageUri, pageName, hubspotutk, ipAddress, submissionId… */
  meta: 2_048,
} as const;

/** The largest JSON body the submit endpoint reads (bytes). */
export const MAX_SUBMISSION_BYTES = 64 * 1024;
