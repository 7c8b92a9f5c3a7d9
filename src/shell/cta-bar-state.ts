import {
  CTA_BAR_DEMO_DISMISSED_KEY,
  CTA_BAR_DISMISS_MS,
  CTA_BAR_SCROLL_FRACTION,
  CTA_BAR_TRIAL_DISMISSED_KEY,
  type CtaBarVariant,
  keepsCtaBarAcrossNavigation,
  shouldShowCtaBar,
} from "./deferred-rules.ts";

/**
 * The fixed CTA bar's state machine (spec §2 and §4), as a pure reducer:
 * - `hidden`: not shown on this page (wrong path, or dismissed within the last 24 h).
 * - `waiting`: eligible; appears once a third of the scrollable height has been scrolled.
 * - `visible`
 * - `dismissed`: closed by the visitor on this page.
 */
export type CtaBarPhase = "hidden" | "waiting" | "visible" | "dismissed";

export interface CtaBarState {
  phase: CtaBarPhase;
  variant: CtaBarVariant;
  /** The page the state belongs to, to tell a client-side navigation from a re-evaluation. */
  path: string | null;
}

export type CtaBarEvent =
  | {
      /** A page is shown: the first load, or a client-side navigation. */
      type: "page";
      path: string;
      search: string;
      variant: CtaBarVariant;
      /** What storage holds under the variant's dismissal key (anything; validated here). */
      dismissedAt: unknown;
      now: number;
    }
  | { type: "scroll"; scrollY: number; documentHeight: number; viewportHeight: number }
  | { type: "dismiss" };

export const initialCtaBarState: CtaBarState = { phase: "hidden", variant: "demo", path: null };

export function dismissalKey(variant: CtaBarVariant): string {
  return variant === "trial" ? CTA_BAR_TRIAL_DISMISSED_KEY : CTA_BAR_DEMO_DISMISSED_KEY;
}

/** A dismissal counts for 24 hours; a stored value that is not a timestamp counts as none. */
export function isDismissalActive(dismissedAt: unknown, now: number): boolean {
  if (typeof dismissedAt !== "number" || !Number.isFinite(dismissedAt)) return false;
  return now - dismissedAt < CTA_BAR_DISMISS_MS;
}

/** "About a third" of the scrollable height; a page that cannot scroll has reached it at once. */
export function hasReachedScrollThreshold(
  scrollY: number,
  documentHeight: number,
  viewportHeight: number,
): boolean {
  const scrollable = Math.max(0, documentHeight - viewportHeight);
  return scrollY >= scrollable * CTA_BAR_SCROLL_FRACTION;
}

/**
 * The state a bar starts in when its component mounts. After a client-side navigation that
 * replaced the whole page tree, `carried` is the bar that was visible on the previous page.
 */
export function ctaBarStateOnMount(
  carried: { variant: CtaBarVariant; path: string } | null,
  path: string,
  variant: CtaBarVariant,
): CtaBarState {
  if (carried && carried.path !== path && keepsCtaBarAcrossNavigation(path)) {
    return { phase: "visible", variant: carried.variant, path };
  }
  return { ...initialCtaBarState, variant };
}

export function ctaBarReducer(state: CtaBarState, event: CtaBarEvent): CtaBarState {
  switch (event.type) {
    case "page": {
      if (state.phase === "visible") {
        if (state.path === event.path) return state;
        // Client-side navigation: a visible bar stays only on the two persistence pages.
        if (state.path !== null && keepsCtaBarAcrossNavigation(event.path)) {
          return { ...state, path: event.path };
        }
      }
      const eligible =
        shouldShowCtaBar(event.path, event.search) &&
        !isDismissalActive(event.dismissedAt, event.now);
      return { phase: eligible ? "waiting" : "hidden", variant: event.variant, path: event.path };
    }
    case "scroll": {
      if (state.phase !== "waiting") return state;
      const reached = hasReachedScrollThreshold(
        event.scrollY,
        event.documentHeight,
        event.viewportHeight,
      );
      return reached ? { ...state, phase: "visible" } : state;
    }
    case "dismiss":
      return state.phase === "visible" ? { ...state, phase: "dismissed" } : state;
  }
}
