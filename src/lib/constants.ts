/** Spec constants of the small shared helpers. */

/** Values this site stores in localStorage expire after 365 days (spec §3, "Other"). */
export const STORED_VALUE_EXPIRY_MS = 365 * 86_400_000;

/** The last two headline words are joined by a non-breaking space unless either is longer than this. */
export const HEADLINE_JOIN_MAX_WORD_LENGTH = 5;

export const NBSP = "\u00a0";
