/** Consent: the pure decision (state.ts, transcend.ts) and the browser adapter every integration asks. */
export { type ConsentApi, type ConsentOptions, startConsent } from "./browser.ts";
export * from "./constants.ts";
export {
  allows,
  type ConsentChoice,
  type ConsentInputs,
  type ConsentMode,
  choiceFromBannerCookie,
  choiceFromCategories,
  cookieSignals,
  defaultChoice,
  effectiveChoice,
  grantedCategories,
  isConsentCategory,
  SAFE_CHOICE,
  sameChoice,
} from "./state.ts";
export { type AirgapApi, choiceFromAirgap, waitForTranscend } from "./transcend.ts";
