import { describe, expect, it } from "vitest";
import { MENU_OUTSIDE_CLICK_MAX_WIDTH_PX } from "./constants.ts";
import {
  initialMobileMenuState,
  type MobileMenuEvent,
  type MobileMenuState,
  mobileMenuReducer,
} from "./mobile-menu-state.ts";

const run = (events: MobileMenuEvent[], from: MobileMenuState = initialMobileMenuState) =>
  events.reduce(mobileMenuReducer, from);
const openWithDrawers = run([
  { type: "toggle" },
  { type: "toggleDrawer", id: "product" },
  { type: "toggleDrawer", id: "resources" },
]);

describe("mobile menu reducer", () => {
  it("toggles open and closed", () => {
    expect(run([{ type: "toggle" }]).open).toBe(true);
    expect(run([{ type: "toggle" }, { type: "toggle" }]).open).toBe(false);
  });

  it("opens and closes drawers independently while open", () => {
    expect(openWithDrawers.openDrawers).toEqual(["product", "resources"]);
    expect(run([{ type: "toggleDrawer", id: "product" }], openWithDrawers).openDrawers).toEqual([
      "resources",
    ]);
  });

  it("closes the menu and all drawers when a link is chosen, and disables the drawers", () => {
    expect(run([{ type: "linkChosen" }], openWithDrawers)).toEqual({
      open: false,
      openDrawers: [],
      drawersEnabled: false,
    });
  });

  it("closes on an outside click only under the M breakpoint", () => {
    const narrow = MENU_OUTSIDE_CLICK_MAX_WIDTH_PX - 1;
    expect(run([{ type: "outsideClick", viewportWidth: narrow }], openWithDrawers).open).toBe(
      false,
    );
    expect(
      run(
        [{ type: "outsideClick", viewportWidth: MENU_OUTSIDE_CLICK_MAX_WIDTH_PX }],
        openWithDrawers,
      ),
    ).toBe(openWithDrawers);
  });

  it("ignores drawer toggles until the drawers are re-enabled", () => {
    const reopened = run([{ type: "close" }, { type: "toggle" }], openWithDrawers);
    expect(reopened).toMatchObject({ open: true, drawersEnabled: false });
    expect(run([{ type: "toggleDrawer", id: "product" }], reopened).openDrawers).toEqual([]);
    const enabled = run([{ type: "drawersReenabled" }], reopened);
    expect(run([{ type: "toggleDrawer", id: "product" }], enabled).openDrawers).toEqual([
      "product",
    ]);
  });

  it("ignores drawer toggles while the menu is closed", () => {
    expect(run([{ type: "toggleDrawer", id: "product" }]).openDrawers).toEqual([]);
  });

  it("leaves a closed menu untouched by close events", () => {
    expect(run([{ type: "close" }])).toBe(initialMobileMenuState);
    expect(run([{ type: "linkChosen" }])).toBe(initialMobileMenuState);
  });
});
