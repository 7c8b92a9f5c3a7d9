import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPACING_SCALE, spacingTokenValue, TYPE_SCALE, typeTokenValue } from "./type-scale.ts";

const css = readFileSync(new URL("../site/styles.css", import.meta.url), "utf8");

function declared(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

describe("type scale", () => {
  it.each(Object.keys(TYPE_SCALE) as (keyof typeof TYPE_SCALE)[])(
    "styles.css declares text-%s as its fluid clamp and line height",
    (token) => {
      expect(declared(`text-${token}`)).toBe(typeTokenValue(token));
      expect(Number(declared(`text-${token}--line-height`))).toBe(TYPE_SCALE[token].lineHeight);
    },
  );

  it.each(Object.keys(SPACING_SCALE) as (keyof typeof SPACING_SCALE)[])(
    "styles.css declares spacing-%s as its fluid clamp",
    (token) => {
      expect(declared(`spacing-${token}`)).toBe(spacingTokenValue(token));
    },
  );

  it("declares every one of the spec's thirteen colours", () => {
    for (const colour of [
      "charcoal",
      "charcoal-tint",
      "clay",
      "clay-tint",
      "cobalt",
      "green",
      "magenta",
      "orange",
      "purple",
      "red",
      "slate",
      "slate-tint",
      "yellow",
    ]) {
      expect(declared(`color-${colour}`), colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
