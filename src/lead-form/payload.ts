import {
  consentFieldNames,
  FILL_TIME_FIELD,
  type FormDefinition,
  formFields,
  HONEYPOT_FIELD,
  MAX_LENGTH,
  SUBMISSION_ID_FIELD,
  withinLength,
} from "../forms/index.ts";

/** What the browser adds beside the fields (§3 "Submission payload"). */
export interface SubmissionMeta {
  /** The `hubspotutk` cookie, when present and the consent rule allows it (prefill.ts, crmVisitorToken). */
  hubspotutk?: string;
  pageUri: string;
  /** The text of the page's first heading. */
  pageName: string;
  /** From GET /api/ip; missing when the lookup failed, which never blocks a submission. */
  ipAddress?: string;
  /** Generated once per attempt, so a resend never stores a second lead. */
  submissionId: string;
  /** Milliseconds the form was open before it was sent. */
  fillMs: number;
  /** The honeypot's value: "" from a person. */
  honeypot: string;
}

export type SubmissionPayload = Record<string, string | boolean>;

/**
 * The JSON body of POST /api/hubspot/submitForm: formId, the context, each field by name (a
 * file field carries its uploaded fileUrl), each consent checkbox as a boolean, and the
 * abuse and idempotency controls. Only names the definition knows go in, since the lead API
 * refuses unknown fields.
 *
 * What the visitor did not type is cut to the length the lead API accepts: a hidden field
 * (prefilled from a campaign link's query, which may be long) and the page's address and
 * title. The API would refuse them, and the visitor could neither see nor fix them.
 */
export function submissionPayload(
  form: FormDefinition,
  values: Readonly<Record<string, string>>,
  checked: (consentField: string) => boolean,
  meta: SubmissionMeta,
): SubmissionPayload {
  const payload: SubmissionPayload = { formId: form.alternative_id };
  if (meta.hubspotutk) payload.hubspotutk = meta.hubspotutk;
  payload.pageUri = withinLength(meta.pageUri, MAX_LENGTH.meta);
  payload.pageName = withinLength(meta.pageName, MAX_LENGTH.meta);
  if (meta.ipAddress) payload.ipAddress = meta.ipAddress;
  for (const field of formFields(form)) {
    const value = values[field.name] ?? "";
    payload[field.name] = field.hidden ? withinLength(value, MAX_LENGTH[field.fieldType]) : value;
  }
  for (const name of consentFieldNames(form)) payload[name] = checked(name);
  payload[SUBMISSION_ID_FIELD] = meta.submissionId;
  payload[HONEYPOT_FIELD] = meta.honeypot;
  payload[FILL_TIME_FIELD] = String(Math.max(0, Math.round(meta.fillMs)));
  return payload;
}
