import { browserLocalStorage, writeExpiring } from "../lib/index.ts";
import { LOG_IN_CLICKED_KEY } from "./constants.ts";

/** Remembers (for the stored-value expiry of 365 days) that the visitor used a Log in link. */
export function recordLogInClick(): void {
  writeExpiring(browserLocalStorage(), LOG_IN_CLICKED_KEY, true, Date.now());
}
