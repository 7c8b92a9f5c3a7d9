import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldError, formFields } from "../../forms/index.ts";
import { readFormDefinitions } from "../../forms/node.ts";
import { CALCULATOR_PATH, RESULT_LINK_FIELD } from "./constants.ts";
import {
  type CalculatorInputs,
  DEFAULT_INPUTS,
  FIELD_KEYS,
  FIELD_RULES,
  type FieldKey,
} from "./inputs.ts";
import { decodeState, encodeState, encodeStateOver, hasState, resultLink } from "./url-state.ts";
import { crossFieldErrors } from "./validate.ts";

function fieldArbitrary(key: FieldKey): fc.Arbitrary<number> {
  const rule = FIELD_RULES[key];
  const min = rule.minExclusive ? rule.min + 1e-6 : rule.min;
  if (rule.integer) return fc.integer({ min: Math.ceil(min), max: rule.max });
  return fc.double({ min, max: rule.max, noNaN: true, noDefaultInfinity: true });
}

const validInputs: fc.Arbitrary<CalculatorInputs> = fc
  .record(
    Object.fromEntries(FIELD_KEYS.map((key) => [key, fieldArbitrary(key)])) as Record<
      FieldKey,
      fc.Arbitrary<number>
    >,
  )
  .filter((inputs) => Object.keys(crossFieldErrors(inputs)).length === 0);

describe("URL state", () => {
  it("uses the readable field names as parameters", () => {
    const search = encodeState(DEFAULT_INPUTS);
    expect(search).toMatch(/^\?email_volume=6000&email_aht=8&/);
    expect(search).toContain("phone_sl=80");
    expect(search).toContain("max_occupancy=85");
  });

  it("decodes what it encodes, for any valid inputs", () => {
    fc.assert(
      fc.property(validInputs, (inputs) => {
        expect(decodeState(encodeState(inputs))).toEqual(inputs);
      }),
    );
  });

  it("keeps the address's other parameters, such as a campaign's, ahead of the fields", () => {
    const inputs = { ...DEFAULT_INPUTS, phone_volume: 10_400 };
    const search = encodeStateOver("?utm_source=google&phone_volume=5&gclid=abc123", inputs);
    expect(search).toBe(`?utm_source=google&gclid=abc123&${encodeState(inputs).slice(1)}`);
    expect(decodeState(search)).toEqual(inputs);
    expect(encodeStateOver("", inputs)).toBe(encodeState(inputs));
  });

  it("decodes without the leading question mark", () => {
    const inputs = { ...DEFAULT_INPUTS, phone_volume: 10_400 };
    expect(decodeState(encodeState(inputs).slice(1))).toEqual(inputs);
  });

  it("an empty query gives the defaults", () => {
    expect(decodeState("")).toEqual(DEFAULT_INPUTS);
    expect(hasState("")).toBe(false);
    expect(hasState("?utm_source=x")).toBe(false);
    expect(hasState("?phone_sl=90")).toBe(true);
  });

  it("falls back to the default, field by field, for malformed values", () => {
    const decoded = decodeState(
      "?email_volume=abc&phone_sl=100&hours_per_day=0&days_per_week=-2&chat_aht=NaN&shrinkage=%E0%A4%A&phone_volume=2500",
    );
    expect(decoded).toEqual({ ...DEFAULT_INPUTS, phone_volume: 2500 });
  });

  it("falls back to the defaults when the values together are impossible", () => {
    const decoded = decodeState(
      "?phone_volume=10000000&phone_aht=600&hours_per_day=1&days_per_week=1",
    );
    expect(decoded).toEqual(DEFAULT_INPUTS);
  });

  it("never throws and always gives valid inputs, whatever the query", () => {
    fc.assert(
      fc.property(fc.string(), (search) => {
        const decoded = decodeState(search);
        for (const key of FIELD_KEYS) expect(Number.isFinite(decoded[key])).toBe(true);
      }),
    );
  });
});

describe("the result link (emailed through the staffing-result form)", () => {
  it("opens the calculator with the same inputs", () => {
    fc.assert(
      fc.property(validInputs, (inputs) => {
        const link = resultLink(inputs);
        expect(link.startsWith(`${CALCULATOR_PATH}?`)).toBe(true);
        expect(decodeState(link.slice(CALCULATOR_PATH.length))).toEqual(inputs);
      }),
    );
  });

  it("is what the form's hidden field accepts, for inputs as people type them (two decimals)", async () => {
    const forms = await readFormDefinitions(join(import.meta.dirname, "../../../content/forms"));
    const form = forms.get("staffing-result");
    const field = form && formFields(form).find((f) => f.name === RESULT_LINK_FIELD);
    if (!field) throw new Error(`content/forms/staffing-result.json has no ${RESULT_LINK_FIELD}`);
    expect(field.hidden).toBe(true);
    expect(field.validation.sitePaths).toEqual([CALCULATOR_PATH]);
    const typed = validInputs.map((inputs) => {
      const rounded = { ...inputs };
      for (const key of FIELD_KEYS) rounded[key] = Math.round(inputs[key] * 100) / 100;
      return rounded;
    });
    fc.assert(
      fc.property(typed, (inputs) => {
        expect(fieldError(field, resultLink(inputs))).toBeNull();
      }),
    );
    expect(fieldError(field, resultLink(DEFAULT_INPUTS))).toBeNull();
  });
});
