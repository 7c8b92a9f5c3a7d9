import {
  HEADER_HIDE_ON_SCROLL_DOWN_PX,
  HEADER_INITIAL_THRESHOLD,
  HEADER_SHOW_ON_SCROLL_UP_PX,
} from "./constants.ts";

/**
 * The header's scroll state machine (spec §4), as a pure reducer. The header exposes `status`
 * as `data-state`:
 * - `uninitialized`: in its place at the top of the document; scrolls away with the page.
 * - `showing`: pinned to the top of the viewport.
 * - `hiding`: pinned but moved out of view.
 */
export type HeaderScrollStatus = "uninitialized" | "showing" | "hiding";

export interface HeaderScrollState {
  status: HeaderScrollStatus;
  /** The scroll position of the previous event. */
  lastY: number;
  /** Where the current scroll direction began: distances are measured from here. */
  turnY: number;
  direction: "up" | "down" | null;
  menuOpen: boolean;
}

export type HeaderScrollEvent =
  | { type: "scroll"; y: number; viewportHeight: number; documentHeight: number }
  | { type: "menu"; open: boolean; viewportHeight: number };

export const initialHeaderScrollState: HeaderScrollState = {
  status: "uninitialized",
  lastY: 0,
  turnY: 0,
  direction: null,
  menuOpen: false,
};

/** The bottom counts as reached within 1 px, since zoomed pages scroll by fractions. */
function isAtBottom(y: number, viewportHeight: number, documentHeight: number): boolean {
  return y + viewportHeight >= documentHeight - 1;
}

function onScroll(
  state: HeaderScrollState,
  event: Extract<HeaderScrollEvent, { type: "scroll" }>,
): HeaderScrollState {
  // Overscroll (rubber-banding) reports negative positions: that is still the top.
  const y = Math.max(0, event.y);
  if (y === 0) return { ...initialHeaderScrollState, menuOpen: state.menuOpen };

  // The open mobile menu forces the status; scrolling underneath only moves the origin.
  if (state.menuOpen) return { ...state, lastY: y, turnY: y, direction: null };

  const direction = y > state.lastY ? "down" : y < state.lastY ? "up" : state.direction;
  const turnY = direction === state.direction ? state.turnY : state.lastY;
  const travelled = Math.abs(y - turnY);
  const next = { ...state, lastY: y, turnY, direction };

  if (state.status === "showing") {
    const hide =
      isAtBottom(y, event.viewportHeight, event.documentHeight) ||
      (direction === "down" && travelled >= HEADER_HIDE_ON_SCROLL_DOWN_PX);
    return hide ? { ...next, status: "hiding" } : next;
  }

  // uninitialized or hiding: show on a long enough scroll up that began past the threshold.
  const show =
    direction === "up" &&
    travelled >= HEADER_SHOW_ON_SCROLL_UP_PX &&
    turnY > event.viewportHeight * HEADER_INITIAL_THRESHOLD &&
    !isAtBottom(y, event.viewportHeight, event.documentHeight);
  return show ? { ...next, status: "showing" } : next;
}

export function headerScrollReducer(
  state: HeaderScrollState,
  event: HeaderScrollEvent,
): HeaderScrollState {
  switch (event.type) {
    case "scroll":
      return onScroll(state, event);
    case "menu": {
      if (!event.open) {
        // Measure the next movement from where the menu was closed.
        return { ...state, menuOpen: false, turnY: state.lastY, direction: null };
      }
      // The open menu covers the header: reset it near the top, hide it further down.
      const pastThreshold = state.lastY > event.viewportHeight * HEADER_INITIAL_THRESHOLD;
      return { ...state, menuOpen: true, status: pastThreshold ? "hiding" : "uninitialized" };
    }
  }
}
