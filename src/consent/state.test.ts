import { describe, expect, it } from "vitest";
import { CONSENT_CATEGORIES } from "./constants.ts";
import {
  allows,
  choiceFromCategories,
  defaultChoice,
  effectiveChoice,
  grantedCategories,
  SAFE_CHOICE,
} from "./state.ts";

const ALL = choiceFromCategories([...CONSENT_CATEGORIES]);

describe("consent state", () => {
  it("opt-in grants only necessary before a choice; opt-out grants everything", () => {
    expect(grantedCategories(defaultChoice("opt-in"))).toEqual(["necessary"]);
    expect(grantedCategories(defaultChoice("opt-out"))).toEqual([...CONSENT_CATEGORIES]);
  });

  it("a stored choice wins over the mode's default", () => {
    const stored = choiceFromCategories(["analytics"]);
    expect(
      effectiveChoice({
        mode: "opt-out",
        stored,
        globalPrivacyControl: false,
        optedOutOfSale: false,
      }),
    ).toEqual(stored);
  });

  it("Global Privacy Control and the Do Not Sell opt-out switch marketing off, nothing else", () => {
    for (const [gpc, optOut] of [
      [true, false],
      [false, true],
    ] as const) {
      const choice = effectiveChoice({
        mode: "opt-out",
        stored: ALL,
        globalPrivacyControl: gpc,
        optedOutOfSale: optOut,
      });
      expect(choice).toEqual({
        necessary: true,
        analytics: true,
        marketing: false,
        functional: true,
      });
    }
  });

  it("necessary is always allowed, even in the safe choice; unknown names are ignored", () => {
    expect(allows(SAFE_CHOICE, "necessary")).toBe(true);
    expect(allows(SAFE_CHOICE, "analytics")).toBe(false);
    expect(choiceFromCategories(["ads", "functional"])).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: true,
    });
  });
});
