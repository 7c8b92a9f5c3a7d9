import { withThousandsSeparators } from "../lib/index.ts";
import {
  CONSENT_TO_PROCESS_FIELD,
  communicationsConsentField,
  FORM_MESSAGES,
  MAX_LENGTH,
} from "./constants.ts";
import { formFields } from "./fields.ts";
import type { FormDefinition, FormField } from "./schema.ts";

/**
 * The validation rules the browser and the lead API share (spec §5). Pure: values in,
 * messages out. The browser shows these messages through the constraint-validation API; the
 * server answers them field by field in a 400.
 */

/** §5: text, @, text, dot, text. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The part after the last @, lowercased, without the trailing dot a fully qualified name may
 * end in ("gmail.com." is gmail.com: mail to it arrives there, and the blocked-domain check
 * must see it so); "" when there is none.
 */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.+$/, "");
}

/** A blocked domain also blocks its subdomains (mail.example.com when example.com is blocked). */
export function isBlockedDomain(domain: string, blocked: readonly string[]): boolean {
  return blocked.some((entry) => {
    const listed = entry.trim().toLowerCase().replace(/^@/, "");
    return domain === listed || domain.endsWith(`.${listed}`);
  });
}

/**
 * The spec's email message (§5: a blocked domain fails the email rule), then why: the address
 * is well formed, and a visitor told only that it is invalid would not know what to change.
 */
export function blockedEmailMessage(domain: string): string {
  return `${FORM_MESSAGES.email}. This form does not accept ${domain} addresses: please use your work email.`;
}

/** The email rule alone: null when the address is acceptable. */
export function emailError(value: string, blockedDomains: readonly string[]): string | null {
  if (!EMAIL_SHAPE.test(value)) return FORM_MESSAGES.email;
  const domain = emailDomain(value);
  if (isBlockedDomain(domain, blockedDomains)) return blockedEmailMessage(domain);
  return null;
}

/**
 * `text` cut to at most `max` characters (UTF-16 units, as the length rule counts them),
 * never between the two halves of a surrogate pair.
 */
export function withinLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

export function tooLongMessage(max: number): string {
  return `Please keep this under ${withThousandsSeparators(max)} characters`;
}

export const NOT_AN_OPTION_MESSAGE = "Please choose one of the options offered";
export const UNACCEPTED_CHARACTERS_MESSAGE =
  "Please remove the invisible control or text-direction characters from this text";

/**
 * Characters submitted text may not hold: control characters (C0, DEL, C1; but tab, and line
 * breaks in a multi-line field), halves of surrogate pairs without their other half, and in what a visitor
 * types, the bidirectional overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069)
 * that make a name read differently from what it is. Besides spoofing what sales reads,
 * PostgreSQL's jsonb refuses NUL and lone surrogates. Hidden fields are spared the bidi rule:
 * they take campaign parameters from the page's URL, cleaned of controls and lone surrogates
 * (attribution's `cleanValue`), and a visitor could not correct one.
 */
// Control characters (`\p{Cc}`: C0, DEL and C1) but those listed after the `\P{Cc}`.
const CONTROLS = /[^\P{Cc}\t]/u;
const CONTROLS_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** Where text was entered: a one-line field, a multi-line one, or a hidden one (see above). */
export type TextPlace = "line" | "lines" | "hidden";

/** Whether `text` holds a character a submission may not (see above). */
export function hasUnacceptedCharacters(text: string, place: TextPlace = "line"): boolean {
  if (LONE_SURROGATE.test(text)) return true;
  if ((place === "lines" ? CONTROLS_BUT_LINE_BREAKS : CONTROLS).test(text)) return true;
  return place !== "hidden" && BIDI_CONTROLS.test(text);
}
export const NOT_A_SITE_LINK_MESSAGE = "Expected a link to a page of this site";
export const NOT_AN_UPLOAD_MESSAGE = "Please attach the file again";

/** Where the lead API serves uploaded files; a file field's value must point there. */
export const UPLOADED_FILE_PATH_PREFIX = "/api/files/";

const UPLOADED_FILE_PATH = /^\/api\/files\/[A-Za-z0-9_-]{16,}$/;

/**
 * Exactly what the upload endpoint answers: a path on this site, `/api/files/{id}`, with no
 * host, query or fragment. The CRM is handed the file as a link (made absolute against the
 * site's address): a value naming another host would show sales a "file" that lives anywhere.
 */
function isUploadedFileUrl(value: string): boolean {
  return UPLOADED_FILE_PATH.test(value);
}

const SITE_LINK_BASE = "http://site.invalid";

/**
 * A site-relative link (path and optional query, no host, no fragment) to exactly one of
 * `paths`. Resolving against a placeholder origin and checking the origin did not change
 * refuses `//host/…`, `/\host/…`, `https:…` and `javascript:…` alike.
 */
export function isSiteLink(value: string, paths: readonly string[]): boolean {
  if (!value.startsWith("/")) return false;
  try {
    const url = new URL(value, SITE_LINK_BASE);
    return url.origin === SITE_LINK_BASE && url.hash === "" && paths.includes(url.pathname);
  } catch {
    return false;
  }
}

/**
 * The message for one field's value, or null when it is valid. `value` is what the visitor
 * entered ("" or undefined when empty); hidden fields are only length-checked, and
 * checked to be a link to this site when their definition names `sitePaths`.
 */
export function fieldError(field: FormField, value: string | undefined): string | null {
  const text = value ?? "";
  if (text.length > MAX_LENGTH[field.fieldType]) return tooLongMessage(MAX_LENGTH[field.fieldType]);
  const place = field.hidden ? "hidden" : field.fieldType === "multi_line_text" ? "lines" : "line";
  if (hasUnacceptedCharacters(text, place)) {
    return UNACCEPTED_CHARACTERS_MESSAGE;
  }
  if (text.trim() === "") return field.required && !field.hidden ? FORM_MESSAGES.required : null;
  const { sitePaths } = field.validation;
  if (sitePaths && !isSiteLink(text.trim(), sitePaths)) return NOT_A_SITE_LINK_MESSAGE;
  if (field.hidden) return null;
  switch (field.fieldType) {
    case "email":
      return emailError(text.trim(), field.validation.blockedEmailDomains);
    case "dropdown":
    case "radio":
      return field.options.some((option) => option.value === text) ? null : NOT_AN_OPTION_MESSAGE;
    case "file":
      return isUploadedFileUrl(text) ? null : NOT_AN_UPLOAD_MESSAGE;
    default:
      return null;
  }
}

/** One error a submission can have: the field's name (or consent field's name) and why. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Consent rules: a consent-to-process text makes that checkbox required; a single required
 * communications checkbox is "required"; several required ones need at least one ticked (§5).
 */
export function consentIssues(
  form: FormDefinition,
  isChecked: (fieldName: string) => boolean,
): FieldIssue[] {
  const consent = form.legalConsentOptions;
  if (!consent) return [];
  const issues: FieldIssue[] = [];
  if (consent.consentToProcessText && !isChecked(CONSENT_TO_PROCESS_FIELD)) {
    issues.push({ field: CONSENT_TO_PROCESS_FIELD, message: FORM_MESSAGES.required });
  }
  const required = consent.communicationsCheckboxes.filter((box) => box.required);
  const names = required.map((box) => communicationsConsentField(box.subscriptionTypeId));
  if (names.length === 1 && !isChecked(names[0] as string)) {
    issues.push({ field: names[0] as string, message: FORM_MESSAGES.required });
  } else if (names.length > 1 && !names.some(isChecked)) {
    for (const name of names) issues.push({ field: name, message: FORM_MESSAGES.selectOne });
  }
  return issues;
}

/** The consent checkbox names a form defines, in order. */
export function consentFieldNames(form: FormDefinition): string[] {
  const consent = form.legalConsentOptions;
  if (!consent) return [];
  return [
    ...(consent.consentToProcessText ? [CONSENT_TO_PROCESS_FIELD] : []),
    ...consent.communicationsCheckboxes.map((box) =>
      communicationsConsentField(box.subscriptionTypeId),
    ),
  ];
}

/** Every field's and consent's issue for a set of submitted values. */
export function formIssues(
  form: FormDefinition,
  values: Readonly<Record<string, string | undefined>>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of formFields(form)) {
    const message = fieldError(field, values[field.name]);
    if (message) issues.push({ field: field.name, message });
  }
  return [...issues, ...consentIssues(form, (name) => isTruthyConsent(values[name]))];
}

/** A ticked checkbox submits "true" (JSON) or "on" (a native HTML form post). */
export function isTruthyConsent(value: string | undefined): boolean {
  return value === "true" || value === "on";
}
