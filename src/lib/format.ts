/**
 * The site's number formatting (spec §9), in one place so every page shows numbers the same
 * way: US-dollar currency with an option to drop cents, counts over 999 in thousands with one
 * decimal and `k`, thousands separators in digit strings, and number parsing that strips
 * non-digits. Pure; Intl formatters are created once because creating them is slow.
 *
 * Nothing here ever returns "NaN" or "Infinity": a value that is not a finite number is shown
 * as NOT_A_NUMBER_TEXT.
 */

/** What a non-finite value is shown as (an en dash), never "NaN". */
export const NOT_A_NUMBER_TEXT = "–";

/** Counts above this are shown in thousands with `k` (spec §9: "counts over 999"). */
export const COUNT_THOUSANDS_THRESHOLD = 999;

const CURRENCY = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const CURRENCY_WHOLE = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const THOUSANDS_ONE_DECIMAL = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

const decimalFormatters = new Map<string, Intl.NumberFormat>();
function decimalFormatter(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let formatter = decimalFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    decimalFormatters.set(key, formatter);
  }
  return formatter;
}

/** 1234.5 → "$1,234.50"; with `dropCents` → "$1,235". */
export function formatCurrency(amount: number, options: { dropCents?: boolean } = {}): string {
  if (!Number.isFinite(amount)) return NOT_A_NUMBER_TEXT;
  return (options.dropCents ? CURRENCY_WHOLE : CURRENCY).format(amount);
}

/** 999 → "999", 1000 → "1.0k", 1050 → "1.1k", -2500 → "-2.5k". */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return NOT_A_NUMBER_TEXT;
  if (Math.abs(count) > COUNT_THOUSANDS_THRESHOLD) {
    return `${THOUSANDS_ONE_DECIMAL.format(count / 1000)}k`;
  }
  return decimalFormatter(0, 0).format(count);
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
  return decimalFormatter(minDigits, Math.max(minDigits, maxDigits)).format(value);
}

/** A share of one as a percentage: 0.8883 → "88.8 %" (one decimal by default). */
export function formatPercent(share: number, digits = 1): string {
  if (!Number.isFinite(share)) return NOT_A_NUMBER_TEXT;
  return `${decimalFormatter(digits, digits).format(share * 100)}\u00a0%`;
}
