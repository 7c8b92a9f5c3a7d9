import { describe, expect, it } from "vitest";
import { CONSENT_CATEGORIES } from "./constants.ts";
import {
  allows,
  choiceFromBannerCookie,
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

describe("choiceFromBannerCookie", () => {
  const saved = (fields: Record<string, unknown> = {}) =>
    JSON.stringify({
      categories: ["necessary", "analytics"],
      revision: 0,
      data: null,
      consentTimestamp: "2026-11-25T10:00:00.000Z",
      lastConsentTimestamp: "2026-11-25T10:00:00.000Z",
      consentId: "4b1a6a4e-8a0c-4c7e-9d55-0f3b2f8c1d2e",
      services: {},
      languageCode: "en",
      ...fields,
    });

  it("reads the categories the visitor accepted", () => {
    expect(grantedCategories(choiceFromBannerCookie(saved()) ?? SAFE_CHOICE)).toEqual([
      "necessary",
      "analytics",
    ]);
  });

  it("an answer of only necessary is still an answer", () => {
    expect(choiceFromBannerCookie(saved({ categories: ["necessary"] }))).toEqual(SAFE_CHOICE);
  });

  it("no cookie, or one the library would not accept, is no choice", () => {
    expect(choiceFromBannerCookie(undefined)).toBeNull();
    expect(choiceFromBannerCookie("")).toBeNull();
    expect(choiceFromBannerCookie("{not json")).toBeNull();
    expect(choiceFromBannerCookie("null")).toBeNull();
    expect(choiceFromBannerCookie('"analytics"')).toBeNull();
    expect(choiceFromBannerCookie(saved({ consentId: "" }))).toBeNull();
    expect(choiceFromBannerCookie(saved({ consentId: undefined }))).toBeNull();
    expect(choiceFromBannerCookie(saved({ consentTimestamp: undefined }))).toBeNull();
    expect(choiceFromBannerCookie(saved({ lastConsentTimestamp: "" }))).toBeNull();
    expect(choiceFromBannerCookie(saved({ categories: "analytics" }))).toBeNull();
    expect(choiceFromBannerCookie(saved({ categories: [1] }))).toBeNull();
  });
});
