import type { FormDefinition } from "../forms/index.ts";

/**
 * A form's life (spec §4) as one discriminated union: no pair of booleans can contradict each
 * other. idle → submitting → success | error. There is no way back from error: after a failure
 * the form stays disabled (§4, §8).
 */
export type FormState =
  | { status: "idle" }
  | { status: "submitting" }
  | { status: "success"; message: string }
  | { status: "error"; message: string };

export const IDLE: FormState = { status: "idle" };

/** Controls are disabled in every state but idle. */
export function isLocked(state: FormState): boolean {
  return state.status !== "idle";
}

/** §3: `customSuccessMessage` when the form has one, else `postSubmitAction.value`. */
export function successMessage(form: FormDefinition): string {
  return form.customSuccessMessage ?? form.configuration.postSubmitAction.value;
}

/** What the site settings say about the free-trial exception. */
export interface RedirectSettings {
  freeTrialFormId?: string;
  signupPlusUrl?: string;
}

/**
 * §4: after success the form's `redirectUrl` opens in a new tab — except for the one form id
 * named in site settings, for which the free-trial (sign-up) link opens instead. Null: nothing opens.
 */
export function redirectAfterSuccess(
  form: FormDefinition,
  settings: RedirectSettings | null | undefined,
): string | null {
  if (settings?.freeTrialFormId && settings.freeTrialFormId === form.alternative_id) {
    return settings.signupPlusUrl ?? null;
  }
  return form.redirectUrl ?? null;
}

/**
 * The outcome a native (no-JavaScript) post reported back in the page's query
 * (docs/lead-api.md: `hd_form`, `hd_status`, `hd_errors`, `hd_reason`), when it concerns this form.
 */
export type QueryOutcome =
  | { status: "success" }
  | { status: "error"; fields: string[]; message: string };

export const NO_JS_ERROR_MESSAGE =
  "We could not accept the form. Please check your entries and send it again.";

const REASON_MESSAGES: Readonly<Record<string, string>> = {
  "unknown-form": "This form is no longer available. Please reload the page.",
  "too-large": "The form was too large to send. Please shorten your message.",
  "rate-limited": "Too many submissions from your network just now. Please try again in a minute.",
  unavailable: "We could not save your request just now. Please try again in a minute.",
};

export function queryOutcome(formId: string, search: string): QueryOutcome | null {
  const query = new URLSearchParams(search);
  if (query.get("hd_form") !== formId) return null;
  const status = query.get("hd_status");
  if (status === "success") return { status: "success" };
  if (status !== "error") return null;
  const fields = (query.get("hd_errors") ?? "").split(",").filter(Boolean);
  const reason = query.get("hd_reason") ?? "";
  const message = fields.length
    ? "Please check the highlighted fields and send the form again."
    : (REASON_MESSAGES[reason] ?? NO_JS_ERROR_MESSAGE);
  return { status: "error", fields, message };
}
