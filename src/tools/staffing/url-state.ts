/**
 * The calculator's state in the URL query, under the field keys as readable parameter names
 * (`?email_volume=6000&phone_sl=80…`, listed in docs/staffing-calculator.md). Decoding reads
 * each parameter through the form's own validation: a missing or malformed value falls back to
 * its default, and values that together describe an impossible workload fall back as a whole,
 * so any URL gives a result and none throws.
 */
import { CALCULATOR_PATH } from "./constants.ts";
import { type CalculatorInputs, DEFAULT_INPUTS, FIELD_KEYS } from "./inputs.ts";
import { crossFieldErrors, validateField } from "./validate.ts";

/** The query string (with "?") that reproduces these inputs. */
export function encodeState(inputs: CalculatorInputs): string {
  const params = new URLSearchParams();
  for (const key of FIELD_KEYS) params.set(key, String(inputs[key]));
  return `?${params.toString()}`;
}

/**
 * `encodeState` for the address bar: the page's other parameters (a campaign's `utm_*`, a
 * `gclid`) stay, ahead of the fields. Dropped, a reload or bookmark lost the attribution the
 * visitor arrived with, and a lead sent afterwards reported a page address without it.
 */
export function encodeStateOver(search: string, inputs: CalculatorInputs): string {
  const params = new URLSearchParams(search);
  for (const key of FIELD_KEYS) params.delete(key);
  for (const key of FIELD_KEYS) params.set(key, String(inputs[key]));
  return `?${params.toString()}`;
}

/**
 * The site-relative link that reopens the calculator with these inputs: what the email-result
 * form sends as the lead's result link (a link to this site only, so the CRM emails no other).
 */
export function resultLink(inputs: CalculatorInputs): string {
  return `${CALCULATOR_PATH}${encodeState(inputs)}`;
}

/** Inputs from a query string (with or without "?"); never throws. */
export function decodeState(search: string): CalculatorInputs {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ...DEFAULT_INPUTS };
  }
  const inputs = { ...DEFAULT_INPUTS };
  for (const key of FIELD_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const result = validateField(key, raw);
    if (result.ok) inputs[key] = result.value;
  }
  if (Object.keys(crossFieldErrors(inputs)).length > 0) return { ...DEFAULT_INPUTS };
  return inputs;
}

/** Whether the query carries any of the calculator's parameters. */
export function hasState(search: string): boolean {
  const params = new URLSearchParams(search);
  return FIELD_KEYS.some((key) => params.has(key));
}
