import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MAX_LENGTH,
  MIN_FILL_MS,
  SUBMISSION_ID_FIELD,
} from "./constants.ts";
import { formFields } from "./fields.ts";
import {
  consentFieldNames,
  type FieldIssue,
  formIssues,
  hasUnacceptedCharacters,
  isTruthyConsent,
  tooLongMessage,
  UNACCEPTED_CHARACTERS_MESSAGE,
} from "./rules.ts";
import type { FormDefinition } from "./schema.ts";

/**
 * A submission as the lead API receives it (spec §3 "Submission payload", §7): the form id, the
 * context the browser adds, and each form field by name. `checkSubmission` checks it against the
 * form's definition — never against anything the client claims about the form.
 */

/** Context keys the browser adds beside the fields. */
export const CONTEXT_KEYS = ["hubspotutk", "pageUri", "pageName", "ipAddress"] as const;
export type SubmissionContext = Partial<Record<(typeof CONTEXT_KEYS)[number], string>>;

/** Keys that are neither fields nor context: the form id and the abuse and idempotency controls. */
const CONTROL_KEYS = new Set(["formId", SUBMISSION_ID_FIELD, HONEYPOT_FIELD, FILL_TIME_FIELD]);

const SUBMISSION_ID = /^[A-Za-z0-9_-]{8,100}$/;

export interface CheckedSubmission {
  formId: string;
  submissionId: string | null;
  context: SubmissionContext;
  /** Field values by name, trimmed; empty optional fields are left out. */
  values: Record<string, string>;
  /** Consent checkbox name → ticked. */
  consent: Record<string, boolean>;
  /** Why this looks automated (honeypot filled, sent too fast), or null. */
  spamReason: string | null;
}

export type SubmissionCheck =
  | { ok: true; submission: CheckedSubmission }
  | { ok: false; issues: FieldIssue[] };

/** The form id a raw body names, or null. Used to find the definition before checking the rest. */
export function submittedFormId(body: Readonly<Record<string, unknown>>): string | null {
  const id = body.formId;
  return typeof id === "string" && id.length > 0 && id.length <= 100 ? id : null;
}

/**
 * Checks a parsed body against its form: unknown keys, non-text values and over-long values are
 * refused, then every field and consent rule of §5 applies. The honeypot and the fill time never
 * make a submission invalid (a bot must not learn what gave it away): they set `spamReason`.
 */
export function checkSubmission(
  form: FormDefinition,
  body: Readonly<Record<string, unknown>>,
): SubmissionCheck {
  const issues: FieldIssue[] = [];
  const fieldNames = new Set(formFields(form).map((field) => field.name));
  const consentNames = new Set(consentFieldNames(form));
  const text: Record<string, string> = {};

  for (const [key, raw] of Object.entries(body)) {
    if (key === "formId") continue;
    const known =
      fieldNames.has(key) ||
      consentNames.has(key) ||
      CONTROL_KEYS.has(key) ||
      (CONTEXT_KEYS as readonly string[]).includes(key);
    if (!known) {
      issues.push({ field: key, message: `This form has no field named "${key.slice(0, 100)}"` });
      continue;
    }
    if (raw === undefined || raw === null) continue;
    const value = typeof raw === "boolean" ? String(raw) : raw;
    if (typeof value !== "string") {
      issues.push({ field: key, message: "Expected text" });
      continue;
    }
    if (!fieldNames.has(key) && value.length > MAX_LENGTH.meta) {
      issues.push({ field: key, message: tooLongMessage(MAX_LENGTH.meta) });
      continue;
    }
    // The context is stored and sent on like the fields (a field's own rule checks it).
    if ((CONTEXT_KEYS as readonly string[]).includes(key) && hasUnacceptedCharacters(value)) {
      issues.push({ field: key, message: UNACCEPTED_CHARACTERS_MESSAGE });
      continue;
    }
    text[key] = value;
  }

  const submissionId = text[SUBMISSION_ID_FIELD] ?? null;
  if (submissionId !== null && !SUBMISSION_ID.test(submissionId)) {
    issues.push({
      field: SUBMISSION_ID_FIELD,
      message: "Expected 8 to 100 letters, digits, - or _",
    });
  }

  const fieldValues: Record<string, string | undefined> = {};
  for (const name of [...fieldNames, ...consentNames]) fieldValues[name] = text[name];
  issues.push(...formIssues(form, fieldValues));
  if (issues.length > 0) return { ok: false, issues };

  const values: Record<string, string> = {};
  for (const name of fieldNames) {
    const value = text[name]?.trim();
    if (value) values[name] = value;
  }
  const consent: Record<string, boolean> = {};
  for (const name of consentNames) consent[name] = isTruthyConsent(text[name]);
  const context: SubmissionContext = {};
  for (const key of CONTEXT_KEYS) if (text[key]) context[key] = text[key];

  return {
    ok: true,
    submission: {
      formId: form.alternative_id,
      submissionId,
      context,
      values,
      consent,
      spamReason: spamReason(text[HONEYPOT_FIELD], text[FILL_TIME_FIELD]),
    },
  };
}

/** The honeypot filled in, or a reported fill time under MIN_FILL_MS. A missing time is no sign. */
export function spamReason(
  honeypot: string | undefined,
  fillMs: string | undefined,
): string | null {
  if (honeypot && honeypot.trim() !== "") return "honeypot";
  if (fillMs !== undefined && fillMs !== "") {
    const ms = Number(fillMs);
    if (Number.isFinite(ms) && ms >= 0 && ms < MIN_FILL_MS) return "too-fast";
  }
  return null;
}
