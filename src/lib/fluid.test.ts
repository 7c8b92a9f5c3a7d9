import { describe, expect, it } from "vitest";
import { fluidClamp, ROOT_FONT_SIZE_PX } from "./fluid.ts";

/** Evaluates the clamp at a viewport width, in px, the way a browser would. */
function evaluate(clamp: string, viewport: number): number {
  const match = /^clamp\(([\d.]+)rem, (-?[\d.]+)rem \+ ([\d.]+)vw, ([\d.]+)rem\)$/.exec(clamp);
  if (!match) throw new Error(`not a clamp: ${clamp}`);
  const [, low, intercept, vw, high] = match.map(Number) as number[];
  const preferred = (intercept as number) * ROOT_FONT_SIZE_PX + ((vw as number) * viewport) / 100;
  return Math.min(Math.max(preferred, (low as number) * 16), (high as number) * 16);
}

describe("fluidClamp", () => {
  it("writes the clamp in rem with a base of 16 px", () => {
    expect(fluidClamp(16, 24, 400, 1200)).toBe("clamp(1rem, 0.75rem + 1vw, 1.5rem)");
  });

  it("hits the minimum and maximum at the two viewport widths and interpolates between", () => {
    const clamp = fluidClamp(40, 64, 375, 1600);
    expect(evaluate(clamp, 375)).toBeCloseTo(40, 1);
    expect(evaluate(clamp, 1600)).toBeCloseTo(64, 1);
    expect(evaluate(clamp, 987.5)).toBeCloseTo(52, 1);
  });

  it("stays at the bounds outside the viewport range", () => {
    const clamp = fluidClamp(40, 64, 375, 1600);
    expect(evaluate(clamp, 320)).toBeCloseTo(40, 5);
    expect(evaluate(clamp, 2560)).toBeCloseTo(64, 5);
  });

  it("handles sizes that shrink as the viewport grows", () => {
    expect(fluidClamp(24, 16, 400, 1200)).toBe("clamp(1rem, 1.75rem + -1vw, 1.5rem)");
  });

  it("returns a plain rem size when both ends are equal", () => {
    expect(fluidClamp(18, 18, 375, 1600)).toBe("1.125rem");
  });

  it("rejects an empty or reversed viewport range and non-numbers", () => {
    expect(() => fluidClamp(16, 24, 800, 800)).toThrow(RangeError);
    expect(() => fluidClamp(16, 24, 1200, 400)).toThrow(RangeError);
    expect(() => fluidClamp(Number.NaN, 24, 400, 1200)).toThrow(RangeError);
  });
});
