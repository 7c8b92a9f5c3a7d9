import { describe, expect, it } from "vitest";
import { MAX_ENCODED_VALUE_LENGTH } from "./constants.ts";
import { cleanValue, ENCODED_VALUE_PATTERN, encodeValue } from "./values.ts";

describe("cleanValue", () => {
  it.each([
    ["  spaced  ", "spaced"],
    ["tab\tand\nnewline\u0000", "tabandnewline"],
    ["lone \ud800 surrogate", "lone  surrogate"],
    ["pair 🚀 kept", "pair 🚀 kept"],
    [42, ""],
    [undefined, ""],
  ])("%j → %j", (input, output) => {
    expect(cleanValue(input)).toBe(output);
  });

  it("caps by encoded length and is idempotent", () => {
    const capped = cleanValue(`${"a ".repeat(200)}`);
    expect(encodeValue(capped).length).toBeLessThanOrEqual(MAX_ENCODED_VALUE_LENGTH);
    expect(cleanValue(capped)).toBe(capped);
  });
});

describe("encodeValue", () => {
  it("escapes every separator and quote character", () => {
    expect(encodeValue("a|b=c~~d!'()* é")).toBe("a%7Cb%3Dc%7E%7Ed%21%27%28%29%2A%20%C3%A9");
    expect(encodeValue("a|b=c~~d!'()* é")).toMatch(ENCODED_VALUE_PATTERN);
  });
});
