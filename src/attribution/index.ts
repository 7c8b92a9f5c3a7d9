/** Marketing attribution: the public surface. Pure logic plus `startAttribution`, the browser adapter. */

export {
  type AttributionBrowserOptions,
  type AttributionController,
  defaultProductIds,
  type RouteUpdateLike,
  type StopOptions,
  type SubscribeToRouteUpdates,
  startAttribution,
  startSiteAttribution,
} from "./browser.ts";
export { type Classification, classify, classifyStrings, type TouchRule } from "./classify.ts";
export * from "./constants.ts";
export { cookieDomainFor } from "./cookie-domain.ts";
export { parseCookieHeader, serializeCookie } from "./cookie-header.ts";
export {
  encodeFirstTouch,
  encodeLastTouch,
  encodePath,
  encodeSignup,
  encodeText,
  parseFirstTouch,
  parseLastTouch,
  parsePath,
  parseSignup,
  parseText,
  readCookieValue,
} from "./encoding.ts";
export {
  addProductIds,
  addReferralParams,
  isSignupUrl,
  type ProductIds,
  type ReferralParams,
  readReferralParams,
  rewriteSignupHref,
  type SignupLinkContext,
  signupLinkParams,
} from "./links.ts";
export {
  type GaFieldName,
  gaFieldValues,
  hiddenFieldPrefill,
  type SignupPrefill,
  signupPrefill,
} from "./signup.ts";
export { type AttributionSnapshot, readAttribution } from "./snapshot.ts";
export { isTrackedUrl, type PageView, type PageViewResult, trackPageView } from "./track.ts";
export type { AttributionConfig, CookieJar, CookieWrite, SignupData, Touch } from "./types.ts";
export { AttributionInputError } from "./values.ts";
