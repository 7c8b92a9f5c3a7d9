/**
 * Constants of the lead API's HTTP layer (issue "The lead API"): defaults of its settings, the
 * answers visitors see, and the names of the no-JavaScript form-post contract (docs/lead-api.md).
 */

/** Requests per minute and IP on submitForm and uploadFile, unless RATE_LIMIT_PER_MINUTE says otherwise. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 20;
/** Largest decoded upload, unless UPLOAD_MAX_BYTES says otherwise. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The JSON around an upload's base64 (filename, keys, whitespace) may add at most this much. */
export const UPLOAD_ENVELOPE_BYTES = 16 * 1024;

/** Unguessable file ids: 18 random bytes → 24 base64url characters (144 bits). */
export const FILE_ID_BYTES = 18;

/**
 * How long an upload waits for the form that names it: after this, a sweep deletes it unless a
 * lead names it. A visitor attaches a file and sends the form within minutes; without the
 * sweep, the endpoint kept every file anyone posted, for ever (20 files of 10 MB a minute
 * from one address).
 */
export const UNCLAIMED_FILE_TTL_MS = 24 * 3_600_000;

/** An upload starts a sweep of unclaimed files when none ran in this process for this long. */
export const FILE_SWEEP_EVERY_MS = 10 * 60_000;
/** Longest filename kept with an upload (it is only ever sent back in Content-Disposition). */
export const MAX_FILENAME_LENGTH = 200;

/** The media types the submit and upload endpoints read. */
export const JSON_TYPE = "application/json";
export const URLENCODED_TYPE = "application/x-www-form-urlencoded";

/** No-JavaScript form posts: the hidden field naming the page to return to, and the answer's query flags. */
export const REDIRECT_FIELD = "redirectTo";
export const NO_JS_QUERY = {
  form: "hd_form",
  status: "hd_status",
  errors: "hd_errors",
  reason: "hd_reason",
} as const;
/** hd_reason values: why a no-JavaScript post failed when no field is to blame. */
export const NO_JS_REASONS = {
  unknownForm: "unknown-form",
  tooLarge: "too-large",
  badRequest: "bad-request",
  rateLimited: "rate-limited",
  unavailable: "unavailable",
} as const;
/** The fragment a no-JavaScript answer points at: the form's wrapper element id. */
export const formAnchor = (formId: string): string => `form-${formId}`;

/** Cookies stored with a lead for attribution: the site's own attr_* cookies and HubSpot's visitor id. */
export const ATTRIBUTION_COOKIE_PREFIX = "attr_";
export const HUBSPOT_UTK_COOKIE = "hubspotutk";
/** At most this many attribution cookies, each at most this long, are kept. */
export const MAX_ATTRIBUTION_COOKIES = 20;
export const MAX_ATTRIBUTION_COOKIE_LENGTH = 2_048;

/** What visitors read. Never an upstream error's own text. */
export const MESSAGES = {
  invalid: "Please check the highlighted fields",
  malformedJson: "The request body is not valid JSON",
  notAnObject: "Expected a JSON object of form fields",
  unknownForm: "This form does not exist",
  tooLarge: "The request is too large",
  wrongType: "Send the form as application/json or application/x-www-form-urlencoded",
  wrongUploadType: "Send the upload as application/json",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  unavailable: "We could not save your request just now. Please try again in a minute.",
  crossSite: "Cross-site form posts are not accepted",
  internal: "Internal server error",
  repeatedField: "Expected one value",
  badEncoding: "The request body is not valid UTF-8",
} as const;

export const UPLOAD_MESSAGES = {
  missingFile: "Expected a file as a data URL",
  notDataUrl: "The file is not a base64 data URL",
  badBase64: "The file's data is not valid base64 (is it complete?)",
  truncated: "The file is incomplete: it ends before its format says it should",
  notAllowed: "Only PNG, JPEG, WebP, GIF images and PDF documents can be uploaded",
  mismatch: "The file's declared type does not match its contents",
  tooLarge: (maxBytes: number) =>
    `The file is larger than ${(maxBytes / (1024 * 1024)).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`,
  empty: "The file is empty",
  badFilename: "Expected the filename as text",
} as const;
