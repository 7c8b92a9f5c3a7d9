import type { SiteSettings } from "../content/index.ts";
import type { PageContext } from "../runtime/index.ts";
import { matchesAnyPath, normalizePath } from "./path-rules.ts";

/**
 * The path rules (spec §2, §4) and constants of the shell's deferred parts: the fixed CTA bar,
 * the path-triggered tags and the hash links. Only deferred-shell.tsx's chunk uses them, so their path lists
 * load after hydration instead of with every page's first-load JavaScript (path-rules.ts holds
 * the rules the hydrated header and footer need). Pure: paths in, decisions out.
 */

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
/** localStorage keys of a dismissed bar (stored with the 365-day expiry of src/lib/storage.ts). */
export const CTA_BAR_DEMO_DISMISSED_KEY = "hd-cta-bar-demo-dismissed-at";
export const CTA_BAR_TRIAL_DISMISSED_KEY = "hd-cta-bar-trial-dismissed-at";

// Hash links.
/** Smooth scrolling to an in-page target stops this far above it (clear of the fixed header). */
export const SCROLL_OFFSET_PX = 120;
export const CONTACT_US_HASH = "#contact-us";
export const OPEN_BEACON_HASH = "#open-beacon";

// Path-triggered tags.
export const TRACKING_PIXEL_PATHS = ["/", "/pricing/"] as const;
/** The ad pixel loads on every path containing this segment. */
export const AD_PIXEL_PATH_SEGMENT = "/see-it-in-action/";

/** Whether the page itself shows the fixed CTA bar (its own path, or `?show_fixed_cta_bar=1`). */
export function shouldShowCtaBar(path: string, search: string): boolean {
  if (new URLSearchParams(search).get(CTA_BAR_QUERY_PARAM) === "1") return true;
  return matchesAnyPath(path, CTA_BAR_PATHS);
}

/** Pages where a bar that was visible before a client-side navigation stays visible. */
export function keepsCtaBarAcrossNavigation(path: string): boolean {
  return matchesAnyPath(path, CTA_BAR_PERSIST_PATHS);
}

export type CtaBarVariant = "demo" | "trial";

/** The page context may choose the variant (`ctaBarVariant: "trial"`); otherwise by path. */
export function ctaBarVariant(path: string, pageContext?: PageContext | null): CtaBarVariant {
  const chosen = pageContext?.ctaBarVariant;
  if (chosen === "demo" || chosen === "trial") return chosen;
  return matchesAnyPath(path, CTA_BAR_TRIAL_PATHS) ? "trial" : "demo";
}

export function loadsTrackingPixel(path: string): boolean {
  return matchesAnyPath(path, TRACKING_PIXEL_PATHS);
}

export function loadsAdPixel(path: string): boolean {
  return normalizePath(path).includes(AD_PIXEL_PATH_SEGMENT);
}

/** `paths` comes from site settings (`buyerIntentPaths`); entries may end in `*`. */
export function loadsBuyerIntentScript(path: string, paths: readonly string[]): boolean {
  return matchesAnyPath(path, paths);
}

export type PathTagKind = "tracking-pixel" | "ad-pixel" | "buyer-intent";
export interface PathTag {
  kind: PathTagKind;
  /** Images are hidden 1×1 pixels; scripts load asynchronously. */
  element: "img" | "script";
  src: string;
}

type TagSettings = Partial<
  Pick<
    SiteSettings,
    "trackingPixelUrl" | "adPixelUrl" | "buyerIntentScriptUrl" | "buyerIntentPaths"
  >
>;

/** Every third-party tag a path loads; a tag whose URL is unset in site settings never loads. */
export function pathTags(path: string, settings: TagSettings): PathTag[] {
  const tags: PathTag[] = [];
  if (settings.trackingPixelUrl && loadsTrackingPixel(path)) {
    tags.push({ kind: "tracking-pixel", element: "img", src: settings.trackingPixelUrl });
  }
  if (settings.adPixelUrl && loadsAdPixel(path)) {
    tags.push({ kind: "ad-pixel", element: "img", src: settings.adPixelUrl });
  }
  if (
    settings.buyerIntentScriptUrl &&
    loadsBuyerIntentScript(path, settings.buyerIntentPaths ?? [])
  ) {
    tags.push({ kind: "buyer-intent", element: "script", src: settings.buyerIntentScriptUrl });
  }
  return tags;
}
