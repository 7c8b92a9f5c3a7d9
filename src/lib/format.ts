/**
 * The site's number formatting (spec §9), in one place so every page shows numbers the same
 * way: US-dollar currency with an option to drop cents, counts over 999 in thousands with one
 * decimal and `k`, thousands separators in digit strings, and number parsing that strips
 * non-digits. Pure, and free of Intl (see fixed() below).
 *
 * Nothing here ever returns "NaN" or "Infinity": a value that is not a finite number is shown
 * as NOT_A_NUMBER_TEXT.
 */

/** What a non-finite value is shown as (an en dash), never "NaN". */
export const NOT_A_NUMBER_TEXT = "–";

/** Counts above this are shown in thousands with `k` (spec §9: "counts over 999"). */
export const COUNT_THOUSANDS_THRESHOLD = 999;

/**
 * Formats without Intl. The first Intl formatter a page creates loads the browser's ICU data:
 * 50–65 ms of main thread on this machine, 200–260 ms in Lighthouse's 4× CPU simulation, one
 * long task a visitor's tap waits behind (it was the largest single task on the pricing page
 * once its toggle went live). en-US is the only locale the site shows, so the rules are few,
 * and they are Intl's: the value is rounded half away from zero as its shortest decimal
 * spelling reads (0.015 → 0.02, although the double is a hair below 0.015, which is why
 * toFixed alone would not do), and the integer part is grouped by threes. A unit test checks
 * the results against Intl over thousands of values.
 */
function fixed(value: number, maxDigits: number, minDigits = maxDigits): string {
  const [whole, fraction] = roundedDigits(Math.abs(value), maxDigits);
  let shown = fraction;
  while (shown.length > minDigits && shown.endsWith("0")) shown = shown.slice(0, -1);
  const grouped = withThousandsSeparators(whole);
  return shown ? `${grouped}.${shown}` : grouped;
}

/** A non-negative value's whole digits and exactly `digits` fraction digits, rounded half up. */
function roundedDigits(value: number, digits: number): [string, string] {
  const spelled = String(value);
  // Exponent spellings: below 1e-6 everything rounds to zero at the few digits shown here;
  // from 1e21 the value is a whole number, which BigInt spells exactly.
  if (spelled.includes("e")) {
    return value < 1 ? ["0", "0".repeat(digits)] : [BigInt(value).toString(), "0".repeat(digits)];
  }
  const [whole = "0", fraction = ""] = spelled.split(".");
  if (fraction.length <= digits) return [whole, fraction.padEnd(digits, "0")];
  let kept = BigInt(whole + fraction.slice(0, digits));
  if (fraction.charCodeAt(digits) >= "5".charCodeAt(0)) kept += 1n;
  const all = kept.toString().padStart(digits + 1, "0");
  return [all.slice(0, all.length - digits), all.slice(all.length - digits)];
}

/**
 * "-" for a value below zero, also one that rounds to zero (-0.001 → "-$0.00", as Intl shows
 * it). Zero itself shows no sign, whichever its sign bit (Intl shows "-0").
 */
function sign(value: number): string {
  return value < 0 ? "-" : "";
}

/** 1234.5 → "$1,234.50"; with `dropCents` → "$1,235". */
export function formatCurrency(amount: number, options: { dropCents?: boolean } = {}): string {
  if (!Number.isFinite(amount)) return NOT_A_NUMBER_TEXT;
  return `${sign(amount)}$${fixed(amount, options.dropCents ? 0 : 2)}`;
}

/** 999 → "999", 1000 → "1.0k", 1050 → "1.1k", -2500 → "-2.5k". */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return NOT_A_NUMBER_TEXT;
  if (Math.abs(count) > COUNT_THOUSANDS_THRESHOLD) {
    return `${sign(count)}${fixed(count / 1000, 1)}k`;
  }
  return `${sign(count)}${fixed(count, 0)}`;
}

/**
 * Inserts thousands separators into a digit string: "1234567" → "1,234,567",
 * "-1234.5" → "-1,234.5". Text that is not a plain number is returned unchanged.
 */
export function withThousandsSeparators(value: string | number): string {
  if (typeof value === "number" && !Number.isFinite(value)) return NOT_A_NUMBER_TEXT;
  const text = String(value);
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = "", digits = "", fraction = ""] = match;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction}`;
}

/**
 * Reads a whole number from text by keeping only its digits: "$1,200" → 1200,
 * "12 345" → 12345, "-5" → 5. Text without a digit gives null (never NaN).
 */
export function parseNumber(text: string): number | null {
  const digits = text.replace(/\D+/g, "");
  if (digits === "") return null;
  return Number(digits);
}

/** 1234.567 → "1,234.57" with at most `maxDigits` decimals (and at least `minDigits`). */
export function formatDecimal(value: number, maxDigits = 2, minDigits = 0): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER_TEXT;
  return `${sign(value)}${fixed(value, Math.max(minDigits, maxDigits), minDigits)}`;
}

/** A share of one as a percentage: 0.8883 → "88.8 %" (one decimal by default). */
export function formatPercent(share: number, digits = 1): string {
  if (!Number.isFinite(share)) return NOT_A_NUMBER_TEXT;
  return `${sign(share)}${fixed(share * 100, digits)}\u00a0%`;
}
