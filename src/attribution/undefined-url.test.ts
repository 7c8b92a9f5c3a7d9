import { describe, expect, it } from "vitest";
import {
  AttributionInputError,
  addProductIds,
  addReferralParams,
  classify,
  classifyStrings,
  gaFieldValues,
  hiddenFieldPrefill,
  isSignupUrl,
  isTrackedUrl,
  readReferralParams,
  rewriteSignupHref,
  signupPrefill,
  trackPageView,
} from "./index.ts";
import { PAGE, TEST_CONFIG } from "./testing.ts";

/** Spec: "Attribution helpers throw when given an undefined URL" (docs/attribution.md, Sign-up helpers). */

const helpers: [string, (url: unknown) => unknown][] = [
  [
    "trackPageView",
    (url) => trackPageView({ url: url as string, cookies: {}, now: 0, config: TEST_CONFIG }),
  ],
  [
    "classifyStrings",
    (url) => classifyStrings({ url: url as string, hasLastTouch: false, config: TEST_CONFIG }),
  ],
  [
    "classify",
    (url) =>
      classify({ url: url as URL, referrer: null, hasLastTouch: false, config: TEST_CONFIG }),
  ],
  ["isTrackedUrl", (url) => isTrackedUrl(url as URL, TEST_CONFIG)],
  ["isSignupUrl", (url) => isSignupUrl(url as URL, TEST_CONFIG)],
  [
    "rewriteSignupHref",
    (url) => rewriteSignupHref(url as string, { pageUrl: PAGE, cookies: {}, config: TEST_CONFIG }),
  ],
  ["addProductIds", (url) => addProductIds(url as string, { mxid: "m" }, TEST_CONFIG)],
  ["addReferralParams", (url) => addReferralParams(url as string, { gspk: "g" }, TEST_CONFIG)],
  ["readReferralParams", (url) => readReferralParams(url as string, {})],
  ["signupPrefill", (url) => signupPrefill(url as string)],
  ["gaFieldValues", (url) => gaFieldValues(url as string, {})],
  ["hiddenFieldPrefill", (url) => hiddenFieldPrefill("utm_source", url as string)],
];

describe("every helper that takes a URL", () => {
  it.each(helpers)("%s throws AttributionInputError for an undefined URL", (name, call) => {
    expect(() => call(undefined)).toThrow(AttributionInputError);
    expect(() => call(undefined)).toThrow(new RegExp(`^${name}: .* is undefined\\.`));
  });

  it.each(helpers)("%s throws AttributionInputError for a null URL", (_name, call) => {
    expect(() => call(null)).toThrow(AttributionInputError);
  });

  it("rewriteSignupHref without a context names the missing page URL", () => {
    expect(() =>
      rewriteSignupHref(PAGE, undefined as unknown as Parameters<typeof rewriteSignupHref>[1]),
    ).toThrow(AttributionInputError);
  });

  it("a missing page URL for link helpers is optional, but a malformed one is tolerated", () => {
    expect(
      addProductIds("https://docs.harbordesk.example/", { mxid: "m" }, TEST_CONFIG, "nope"),
    ).toBe("https://docs.harbordesk.example/?mxid=m");
    expect(
      classifyStrings({ url: "not a url", hasLastTouch: false, config: TEST_CONFIG }),
    ).toBeNull();
  });
});
