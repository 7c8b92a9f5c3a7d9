/**
 * Input validation as pure functions: text in, a number or a clear message out. The page and
 * the URL decoder share these rules, so a shared link can never hold what the form rejects.
 */
import { MAX_TRAFFIC_ERLANGS } from "./constants.ts";
import { emailInputsOf, emailStaffing } from "./email-model.ts";
import {
  type CalculatorInputs,
  FIELD_KEYS,
  FIELD_RULES,
  type FieldKey,
  type RawInputs,
} from "./inputs.ts";
import { channelTraffic } from "./traffic.ts";

export type FieldResult = { ok: true; value: number } | { ok: false; message: string };

export type FieldErrors = Partial<Record<FieldKey, string>>;

export type ValidationResult =
  | { ok: true; inputs: CalculatorInputs }
  | { ok: false; errors: FieldErrors };

// Thousands separators, spaces and a trailing % are allowed: "12,000", "80 %". Exponents
// too, because String(number) writes very small numbers that way ("1e-7").
const DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;
/** A comma only between groups of three digits: "7,5" is a decimal comma, not 75. */
const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** Reads one field: "1,200" → 1200; "", "abc", "-3", "2.5" (for whole numbers) → a message. */
export function validateField(key: FieldKey, raw: string): FieldResult {
  const rule = FIELD_RULES[key];
  const spaced = raw.replace(/\s/g, "").replace(/%$/, "");
  if (spaced.includes(",") && !GROUPED.test(spaced)) {
    const message = rule.integer
      ? `Enter a whole number, like ${rule.example}.`
      : "Use a dot for decimals, like 7.5.";
    return { ok: false, message };
  }
  const text = spaced.replace(/,/g, "");
  if (text === "") return { ok: false, message: `Enter a value for “${rule.label}”.` };
  if (!DECIMAL.test(text)) {
    return { ok: false, message: `Enter a number, like ${rule.example}.` };
  }
  const value = Number(text);
  if (!Number.isFinite(value))
    return { ok: false, message: `Enter a number, like ${rule.example}.` };
  if (value < 0) return { ok: false, message: `“${rule.label}” can't be negative.` };
  if (rule.integer && !Number.isInteger(value)) {
    return { ok: false, message: `Enter a whole number, like ${rule.example}.` };
  }
  const belowMin = rule.minExclusive ? value <= rule.min : value < rule.min;
  if (belowMin || value > rule.max) return { ok: false, message: rule.rangeMessage };
  return { ok: true, value };
}

/** Checks that need more than one field: a workload too large to model. */
export function crossFieldErrors(inputs: CalculatorInputs): FieldErrors {
  const errors: FieldErrors = {};
  // Email is not queued, but a reply target of a split second asks for agents without end.
  const emailAgents = emailStaffing(emailInputsOf(inputs)).agents;
  if (!Number.isFinite(emailAgents) || emailAgents > MAX_TRAFFIC_ERLANGS) {
    errors.email_reply_hours =
      "This email workload needs more than 200,000 agents at once. Allow more time for a first reply, or split it into separate teams.";
  }
  for (const channel of ["chat", "phone"] as const) {
    if (channelTraffic(inputs, channel).traffic > MAX_TRAFFIC_ERLANGS) {
      errors[`${channel}_volume`] =
        "This workload needs more than 200,000 agents at once. Split it into separate teams or regions and size each one.";
    }
  }
  return errors;
}

/** Validates every field, then the cross-field rules; messages are keyed by field. */
export function validateInputs(raw: RawInputs): ValidationResult {
  const errors: FieldErrors = {};
  const inputs = {} as CalculatorInputs;
  for (const key of FIELD_KEYS) {
    const result = validateField(key, raw[key]);
    if (result.ok) inputs[key] = result.value;
    else errors[key] = result.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const crossErrors = crossFieldErrors(inputs);
  if (Object.keys(crossErrors).length > 0) return { ok: false, errors: crossErrors };
  return { ok: true, inputs };
}
