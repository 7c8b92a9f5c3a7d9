import type { FormDefinition } from "../forms/browser.ts";

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
