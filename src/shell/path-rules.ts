import type { SiteSettings } from "../content/index.ts";
import { normalizePathname } from "../protocol/index.ts";
import type { PageContext } from "../runtime/index.ts";
import {
  AD_PIXEL_PATH_SEGMENT,
  CTA_BAR_PATHS,
  CTA_BAR_PERSIST_PATHS,
  CTA_BAR_QUERY_PARAM,
  CTA_BAR_TRIAL_PATHS,
  FOOTER_HIDDEN_PATHS,
  FOOTER_SMALL_PATHS,
  LOGIN_INSTEAD_OF_DEMO_PATHS,
  STATIC_HEADER_PATHS,
  SUB_PATH_PAGES,
  TRACKING_PIXEL_PATHS,
} from "./constants.ts";

/** Path-dependent shell behaviour (spec §2). Pure: paths in, decisions out. */

/**
 * `/pricing` → `/pricing/`: the spec writes some paths without their trailing slash, and a
 * visitor may type either. The protocol's one normalisation (file-like paths such as the
 * error pages keep their shape; query and hash are dropped).
 */
export const normalizePath = normalizePathname;

/** Exact match, or for a pattern ending in `/*`: the prefix itself and everything under it. */
export function matchesPathPattern(path: string, pattern: string): boolean {
  const normalized = normalizePath(path);
  if (pattern.endsWith("*")) return normalized.startsWith(normalizePath(pattern.slice(0, -1)));
  return normalized === normalizePath(pattern);
}

export function matchesAnyPath(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesPathPattern(path, pattern));
}

/**
 * The path whose rules apply: a sub-path of a page in SUB_PATH_PAGES (a shared interview at
 * `/interview-builder/support-team-lead/…`) follows that page; any other path itself.
 */
export function shellRulePath(path: string): string {
  const normalized = normalizePath(path);
  return SUB_PATH_PAGES.find((page) => normalized.startsWith(page)) ?? normalized;
}

export function showsLoginInsteadOfDemo(path: string): boolean {
  return matchesAnyPath(path, LOGIN_INSTEAD_OF_DEMO_PATHS);
}

export type FooterMode = "full" | "small" | "hidden";

export function footerMode(path: string): FooterMode {
  const rulePath = shellRulePath(path);
  if (matchesAnyPath(rulePath, FOOTER_HIDDEN_PATHS)) return "hidden";
  if (matchesAnyPath(rulePath, FOOTER_SMALL_PATHS)) return "small";
  return "full";
}

export function isStaticHeader(path: string, pageContext: PageContext | null | undefined): boolean {
  return (
    pageContext?.staticHeader === true || matchesAnyPath(shellRulePath(path), STATIC_HEADER_PATHS)
  );
}

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
