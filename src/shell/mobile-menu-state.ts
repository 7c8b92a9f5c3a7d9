import { MENU_OUTSIDE_CLICK_MAX_WIDTH_PX } from "./constants.ts";

/**
 * The mobile menu's state machine (spec §4), as a pure reducer. Drawers are the menu's
 * collapsible sections (one per dropdown of the navigation). After the menu closes they stay
 * disabled until `drawersReenabled`, which the component sends MENU_DRAWER_REENABLE_MS later,
 * so a drawer cannot be toggled while the menu is still animating away.
 */
export interface MobileMenuState {
  open: boolean;
  openDrawers: readonly string[];
  drawersEnabled: boolean;
}

export type MobileMenuEvent =
  | { type: "toggle" }
  | { type: "close" }
  | { type: "outsideClick"; viewportWidth: number }
  | { type: "linkChosen" }
  | { type: "toggleDrawer"; id: string }
  | { type: "drawersReenabled" };

export const initialMobileMenuState: MobileMenuState = {
  open: false,
  openDrawers: [],
  drawersEnabled: true,
};

function closed(state: MobileMenuState): MobileMenuState {
  if (!state.open && state.openDrawers.length === 0) return state;
  return { open: false, openDrawers: [], drawersEnabled: false };
}

export function mobileMenuReducer(state: MobileMenuState, event: MobileMenuEvent): MobileMenuState {
  switch (event.type) {
    case "toggle":
      return state.open ? closed(state) : { ...state, open: true };
    case "close":
    case "linkChosen":
      return closed(state);
    case "outsideClick":
      // From the M breakpoint up the menu sits beside the page, so clicks there are deliberate.
      return event.viewportWidth < MENU_OUTSIDE_CLICK_MAX_WIDTH_PX ? closed(state) : state;
    case "toggleDrawer": {
      if (!state.open || !state.drawersEnabled) return state;
      const isOpen = state.openDrawers.includes(event.id);
      return {
        ...state,
        openDrawers: isOpen
          ? state.openDrawers.filter((id) => id !== event.id)
          : [...state.openDrawers, event.id],
      };
    }
    case "drawersReenabled":
      return state.drawersEnabled ? state : { ...state, drawersEnabled: true };
  }
}
