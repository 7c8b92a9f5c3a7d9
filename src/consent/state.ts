import {
  CONSENT_CATEGORIES,
  CONSENT_COOKIE,
  type ConsentCategory,
  DO_NOT_SELL_COOKIE,
  SALE_CATEGORY,
} from "./constants.ts";

/**
 * The consent decision, pure: what the visitor chose (or the mode's default), corrected by
 * Global Privacy Control and the Do Not Sell opt-out. No DOM, no cookies.
 */

export type ConsentMode = "opt-in" | "opt-out";
export type ConsentChoice = Readonly<Record<ConsentCategory, boolean>>;

/** Nothing optional: what runs before a choice in opt-in mode, and the fallback when in doubt. */
export const SAFE_CHOICE: ConsentChoice = {
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
};

export function isConsentCategory(value: unknown): value is ConsentCategory {
  return (CONSENT_CATEGORIES as readonly unknown[]).includes(value);
}

/** The choice before the visitor has made one: opt-in grants nothing optional, opt-out everything. */
export function defaultChoice(mode: ConsentMode): ConsentChoice {
  if (mode === "opt-in") return SAFE_CHOICE;
  return { necessary: true, analytics: true, marketing: true, functional: true };
}

/** A choice from a list of accepted category names (unknown names ignored; necessary always on). */
export function choiceFromCategories(accepted: readonly string[]): ConsentChoice {
  return {
    necessary: true,
    analytics: accepted.includes("analytics"),
    marketing: accepted.includes("marketing"),
    functional: accepted.includes("functional"),
  };
}

export interface ConsentInputs {
  mode: ConsentMode;
  /** The visitor's stored choice, or null when they have not chosen. */
  stored: ConsentChoice | null;
  /** `navigator.globalPrivacyControl === true`. */
  globalPrivacyControl: boolean;
  /** The visitor opted out of sale/sharing on the Do Not Sell page. */
  optedOutOfSale: boolean;
}

/**
 * The effective choice: the stored one or the mode's default, with marketing switched off
 * when the browser sends Global Privacy Control or the visitor opted out of sale. GPC wins
 * over an earlier "accept all", as the law reads it.
 */
export function effectiveChoice(inputs: ConsentInputs): ConsentChoice {
  const base = inputs.stored ?? defaultChoice(inputs.mode);
  if (!inputs.globalPrivacyControl && !inputs.optedOutOfSale) return { ...base, necessary: true };
  return { ...base, necessary: true, [SALE_CATEGORY]: false };
}

export function allows(choice: ConsentChoice, category: ConsentCategory): boolean {
  return category === "necessary" || choice[category];
}

export function sameChoice(a: ConsentChoice, b: ConsentChoice): boolean {
  return CONSENT_CATEGORIES.every((category) => a[category] === b[category]);
}

/** The categories a choice grants, in CONSENT_CATEGORIES order. */
export function grantedCategories(choice: ConsentChoice): ConsentCategory[] {
  return CONSENT_CATEGORIES.filter((category) => allows(choice, category));
}

/**
 * The choice a visitor saved with the built-in banner, read from its cookie's decoded value
 * (the JSON vanilla-cookieconsent writes), or null when the cookie is missing or is not a
 * valid consent. Valid as the library judges it (v3, no revisions configured): a consent id,
 * both timestamps and a list of categories. Reading it here lets a returning visitor's page
 * apply the choice without loading the banner's code and stylesheet.
 */
export function choiceFromBannerCookie(value: string | undefined): ConsentChoice | null {
  if (!value) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof saved !== "object" || saved === null) return null;
  const { consentId, consentTimestamp, lastConsentTimestamp, categories } = saved as Record<
    string,
    unknown
  >;
  const valid =
    typeof consentId === "string" &&
    consentId !== "" &&
    Boolean(consentTimestamp) &&
    Boolean(lastConsentTimestamp) &&
    Array.isArray(categories) &&
    categories.every((category) => typeof category === "string");
  return valid ? choiceFromCategories(categories as string[]) : null;
}

/** A raw cookie value percent-decoded, as the browser's cookie library hands it over. */
function decodedCookie(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * What a visitor's raw cookies say of consent (a Cookie header or document.cookie, parsed but
 * not decoded): the choice saved with the built-in banner, and the Do Not Sell opt-out. The
 * lead form and the lead API read them the same way the page applies them.
 */
export function cookieSignals(
  cookies: Readonly<Record<string, string | undefined>>,
): Pick<ConsentInputs, "stored" | "optedOutOfSale"> {
  return {
    stored: choiceFromBannerCookie(decodedCookie(cookies[CONSENT_COOKIE])),
    optedOutOfSale: cookies[DO_NOT_SELL_COOKIE] === "1",
  };
}
