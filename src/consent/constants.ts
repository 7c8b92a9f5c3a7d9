/** Spec constants of consent (spec §7, §8, §9). Tests import these; never repeat the numbers. */

/** Every consent category, necessary first: necessary is always granted. */
export const CONSENT_CATEGORIES = ["necessary", "analytics", "marketing", "functional"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The built-in banner stores the visitor's choice for this long. */
export const CONSENT_MAX_AGE_DAYS = 365;
/** The built-in banner's cookie. */
export const CONSENT_COOKIE = "hd_consent";
/** Remembers a Do Not Sell opt-out ("1") whichever consent manager runs. */
export const DO_NOT_SELL_COOKIE = "hd_do_not_sell";

/** The Transcend adapter looks for the bundle's API this often… */
export const TRANSCEND_POLL_INTERVAL_MS = 100;
/** …and gives up after this long, falling back to the safe choice. */
export const TRANSCEND_TIMEOUT_MS = 5000;
/** Logged (console.error, spec §8) when the Transcend API never appears. */
export const TRANSCEND_TIMEOUT_MESSAGE = "Timeout occurred while waiting for Transcend.";

/** Links with these hashes reopen the consent preferences (footer) and opt out of sale (Do Not Sell page). */
export const CONSENT_PREFERENCES_HASH = "#cookie-preferences";
export const DO_NOT_SELL_HASH = "#do-not-sell";

/** The category Global Privacy Control and "Do not sell or share" switch off. */
export const SALE_CATEGORY: ConsentCategory = "marketing";
