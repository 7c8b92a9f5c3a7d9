import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatCurrency,
  formatDecimal,
  formatPercent,
  NOT_A_NUMBER_TEXT,
  parseNumber,
  withThousandsSeparators,
} from "./format.ts";

describe("formatCurrency", () => {
  it("shows US dollars with cents", () => {
    expect(formatCurrency(0)).toBe("$0.00");
    expect(formatCurrency(999)).toBe("$999.00");
    expect(formatCurrency(1000)).toBe("$1,000.00");
    expect(formatCurrency(1050.5)).toBe("$1,050.50");
    expect(formatCurrency(999999)).toBe("$999,999.00");
    expect(formatCurrency(-12.3)).toBe("-$12.30");
  });

  it("drops the cents when asked, rounding to the dollar", () => {
    expect(formatCurrency(0, { dropCents: true })).toBe("$0");
    expect(formatCurrency(1050.5, { dropCents: true })).toBe("$1,051");
    expect(formatCurrency(999999, { dropCents: true })).toBe("$999,999");
    expect(formatCurrency(-12.3, { dropCents: true })).toBe("-$12");
  });

  it("never shows NaN", () => {
    expect(formatCurrency(Number.NaN)).toBe(NOT_A_NUMBER_TEXT);
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe(NOT_A_NUMBER_TEXT);
  });
});

describe("formatCount", () => {
  it("shows counts up to 999 as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
  });

  it("shows counts over 999 in thousands with one decimal and k", () => {
    expect(formatCount(1000)).toBe("1.0k");
    expect(formatCount(1050)).toBe("1.1k");
    expect(formatCount(1049)).toBe("1.0k");
    expect(formatCount(12_345)).toBe("12.3k");
    expect(formatCount(999_999)).toBe("1,000.0k");
  });

  it("treats negative counts by their size", () => {
    expect(formatCount(-999)).toBe("-999");
    expect(formatCount(-2500)).toBe("-2.5k");
  });

  it("never shows NaN", () => {
    expect(formatCount(Number.NaN)).toBe(NOT_A_NUMBER_TEXT);
  });
});

describe("withThousandsSeparators", () => {
  it("separates the thousands of a digit string or number", () => {
    expect(withThousandsSeparators("0")).toBe("0");
    expect(withThousandsSeparators("999")).toBe("999");
    expect(withThousandsSeparators("1000")).toBe("1,000");
    expect(withThousandsSeparators(1050)).toBe("1,050");
    expect(withThousandsSeparators("999999")).toBe("999,999");
    expect(withThousandsSeparators("1234567")).toBe("1,234,567");
  });

  it("keeps a sign and decimals", () => {
    expect(withThousandsSeparators("-1234.5678")).toBe("-1,234.5678");
    expect(withThousandsSeparators(-1000)).toBe("-1,000");
  });

  it("returns other text unchanged and never NaN", () => {
    expect(withThousandsSeparators("abc")).toBe("abc");
    expect(withThousandsSeparators("12a34")).toBe("12a34");
    expect(withThousandsSeparators("")).toBe("");
    expect(withThousandsSeparators(Number.NaN)).toBe(NOT_A_NUMBER_TEXT);
  });
});

describe("parseNumber", () => {
  it("keeps only the digits", () => {
    expect(parseNumber("0")).toBe(0);
    expect(parseNumber("999")).toBe(999);
    expect(parseNumber("1,000")).toBe(1000);
    expect(parseNumber("$1,050")).toBe(1050);
    expect(parseNumber(" 999 999 ")).toBe(999_999);
  });

  it("drops a minus sign, as it drops every non-digit", () => {
    expect(parseNumber("-5")).toBe(5);
  });

  it("gives null, never NaN, for text without digits", () => {
    expect(parseNumber("")).toBeNull();
    expect(parseNumber("abc")).toBeNull();
    expect(parseNumber("-")).toBeNull();
  });
});

describe("formatDecimal and formatPercent", () => {
  it("round to the digits asked for, with separators", () => {
    expect(formatDecimal(1234.567)).toBe("1,234.57");
    expect(formatDecimal(7.8359, 1)).toBe("7.8");
    expect(formatDecimal(3, 1, 1)).toBe("3.0");
    expect(formatPercent(0.88835)).toBe("88.8\u00a0%");
    expect(formatPercent(0.174, 0)).toBe("17\u00a0%");
  });

  it("never show NaN", () => {
    expect(formatDecimal(Number.NaN)).toBe(NOT_A_NUMBER_TEXT);
    expect(formatPercent(Number.NaN)).toBe(NOT_A_NUMBER_TEXT);
  });
});

describe("agreement with Intl (en-US), which these formatters replace on the page", () => {
  // -0 is left out on purpose: Intl shows "-0" and "-$0.00", these show no sign on zero.
  const value = fc.oneof(
    fc.double({ min: -1e9, max: 1e9, noNaN: true }).filter((x) => !Object.is(x, -0)),
    fc.integer({ min: -2_000_000, max: 2_000_000 }).map((cents) => cents / 100),
    fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 1000),
  );
  const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat("en-US", options);

  it("formatCurrency, with and without cents", () => {
    const cents = intl({ style: "currency", currency: "USD" });
    const whole = intl({
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    fc.assert(
      fc.property(value, (x) => {
        expect(formatCurrency(x)).toBe(cents.format(x));
        expect(formatCurrency(x, { dropCents: true })).toBe(whole.format(x));
      }),
      { numRuns: 2000 },
    );
  });

  it("formatDecimal, formatPercent and formatCount", () => {
    fc.assert(
      fc.property(
        value,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (x, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const decimal = intl({ minimumFractionDigits: min, maximumFractionDigits: max });
          expect(formatDecimal(x, max, min)).toBe(decimal.format(x));
          const percent = intl({ minimumFractionDigits: max, maximumFractionDigits: max });
          expect(formatPercent(x, max)).toBe(`${percent.format(x * 100)}\u00a0%`);
          const count =
            Math.abs(x) > 999
              ? `${intl({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x / 1000)}k`
              : intl({ maximumFractionDigits: 0 }).format(x);
          expect(formatCount(x)).toBe(count);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
