/**
 * Spec constants of the page shell (spec §2, §4, §9). Tests import these; never repeat the numbers.
 * The constants of the fixed CTA bar, the path tags and the hash links live with their rules in
 * deferred-rules.ts: only the deferred shell uses them, and there they stay out of the first-load
 * JavaScript.
 */
import { BREAKPOINTS } from "../ui/index.ts";

// Header scroll state.
/** While the header is hidden (past the initial threshold), scrolling up this far shows it. */
export const HEADER_SHOW_ON_SCROLL_UP_PX = 100;
/** While the header is showing, scrolling down this far hides it. */
export const HEADER_HIDE_ON_SCROLL_DOWN_PX = 200;
/** The header reacts to scrolling only past this fraction of the viewport height. */
export const HEADER_INITIAL_THRESHOLD = 0.5;

// Mobile menu.
/** Drawers (the menu's sub-sections) can be opened again this long after the menu closes. */
export const MENU_DRAWER_REENABLE_MS = 300;
/** A click outside the open mobile menu closes it only below this viewport width (breakpoint M). */
export const MENU_OUTSIDE_CLICK_MAX_WIDTH_PX = BREAKPOINTS.M;

// Path rules.
/** The header shows "Log in" instead of "Get a Demo" here. */
export const LOGIN_INSTEAD_OF_DEMO_PATHS = ["/"] as const;
export const FOOTER_HIDDEN_PATHS = ["/product-tour/"] as const;
/** Only the logo and copyright. The spec writes one of them without its trailing slash. */
export const FOOTER_SMALL_PATHS = [
  "/fundraising-with-purpose/",
  "/interview-builder/",
  "/lp/personalized-customer-experience/",
  "/webinars/foundations-of-great-service/",
] as const;
export const STATIC_HEADER_PATHS = [
  "/interview-builder/",
  "/pricing/",
  "/pricing/contact-based/",
] as const;
/**
 * Pages that answer client-side sub-paths (their route has a `/*` match path): the footer and
 * header rules written for the page hold on every path under it.
 */
export const SUB_PATH_PAGES = ["/interview-builder/"] as const;

// Footer.
export const STATUS_BADGE_TEXT = "99.99%";
/** The footer item with this title carries the status badge. */
export const STATUS_ITEM_TITLE = "Status";
export const NEW_BADGE_TEXT = "NEW";

// localStorage keys (values are stored with the 365-day expiry of src/lib/storage.ts).
export const LOG_IN_CLICKED_KEY = "hd-log-in-clicked";
