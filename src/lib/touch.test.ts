import { describe, expect, it } from "vitest";
import { isTouchDevice } from "./touch.ts";

describe("isTouchDevice", () => {
  it("is true when the window supports touch events", () => {
    expect(
      isTouchDevice({ window: { ontouchstart: null }, navigator: { maxTouchPoints: 0 } }),
    ).toBe(true);
  });

  it("is true when the device reports touch points above 0", () => {
    expect(isTouchDevice({ window: {}, navigator: { maxTouchPoints: 5 } })).toBe(true);
    expect(isTouchDevice({ window: {}, navigator: { msMaxTouchPoints: 1 } })).toBe(true);
  });

  it("is false with no touch events and 0 touch points", () => {
    expect(isTouchDevice({ window: {}, navigator: { maxTouchPoints: 0 } })).toBe(false);
  });

  it("is false during prerender, where there is no window or navigator", () => {
    expect(isTouchDevice({})).toBe(false);
  });
});
