/** Spec constants of the page shell (spec §2, §4, §9). Tests import these; never repeat the numbers. */
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

// Fixed call-to-action bar.
/** A dismissed bar stays away for 24 hours. */
export const CTA_BAR_DISMISS_MS = 86_400_000;
/** The bar appears once this fraction of (page height − viewport height) has been scrolled. */
export const CTA_BAR_SCROLL_FRACTION = 1 / 3;
/** Query parameter (with value "1") that shows the bar on any page. */
export const CTA_BAR_QUERY_PARAM = "show_fixed_cta_bar";
/** Pages that show the bar: exact paths, or a prefix ending in `*` (which also matches the prefix itself). */
export const CTA_BAR_PATHS = [
  "/",
  "/ai-features/",
  "/analytics/",
  "/beacon-messaging/",
  "/collaboration/",
  "/compare/*",
  "/customer-champions/",
  "/customer-management/",
  "/customer-referral/*",
  "/customer-support-channels/",
  "/customer-support/",
  "/for-good/",
  "/help-desk-workflows/",
  "/inbox/",
  "/industry/*",
  "/integrations/",
  "/knowledge-base/",
  "/platform/",
  "/pricing/",
  "/proactive-messages/",
  "/self-service/",
  "/shared-inbox/",
  "/startups/",
] as const;
/** A bar visible when the visitor navigates (client-side) to one of these stays visible. */
export const CTA_BAR_PERSIST_PATHS = ["/lp/get-a-demo/", "/pricing/contact-based/"] as const;
/** Pages whose bar offers the free trial instead of a demo. */
export const CTA_BAR_TRIAL_PATHS = ["/pricing/"] as const;

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
export const TRACKING_PIXEL_PATHS = ["/", "/pricing/"] as const;
/** The ad pixel loads on every path containing this segment. */
export const AD_PIXEL_PATH_SEGMENT = "/see-it-in-action/";

// Hash links.
/** Smooth scrolling to an in-page target stops this far above it (clear of the fixed header). */
export const SCROLL_OFFSET_PX = 120;
export const CONTACT_US_HASH = "#contact-us";
export const OPEN_BEACON_HASH = "#open-beacon";

// Footer.
export const STATUS_BADGE_TEXT = "99.99%";
/** The footer item with this title carries the status badge. */
export const STATUS_ITEM_TITLE = "Status";
export const NEW_BADGE_TEXT = "NEW";

// localStorage keys (values are stored with the 365-day expiry of src/lib/storage.ts).
export const CTA_BAR_DEMO_DISMISSED_KEY = "hd-cta-bar-demo-dismissed-at";
export const CTA_BAR_TRIAL_DISMISSED_KEY = "hd-cta-bar-trial-dismissed-at";
export const LOG_IN_CLICKED_KEY = "hd-log-in-clicked";
