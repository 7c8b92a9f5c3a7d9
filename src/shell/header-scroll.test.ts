import { describe, expect, it } from "vitest";
import {
  HEADER_HIDE_ON_SCROLL_DOWN_PX,
  HEADER_INITIAL_THRESHOLD,
  HEADER_SHOW_ON_SCROLL_UP_PX,
} from "./constants.ts";
import {
  type HeaderScrollEvent,
  type HeaderScrollState,
  headerScrollReducer,
  initialHeaderScrollState,
} from "./header-scroll.ts";

const VIEWPORT = 800;
const DOCUMENT = 5000;
const THRESHOLD = VIEWPORT * HEADER_INITIAL_THRESHOLD;

const scroll = (y: number): HeaderScrollEvent => ({
  type: "scroll",
  y,
  viewportHeight: VIEWPORT,
  documentHeight: DOCUMENT,
});
const menu = (open: boolean): HeaderScrollEvent => ({
  type: "menu",
  open,
  viewportHeight: VIEWPORT,
});

function run(events: HeaderScrollEvent[], from = initialHeaderScrollState): HeaderScrollState {
  return events.reduce(headerScrollReducer, from);
}
const scrollTo = (...ys: number[]) => ys.map(scroll);

/** A header that is showing: scrolled to 2000, then up far enough. */
const showing = run(scrollTo(2000, 2000 - HEADER_SHOW_ON_SCROLL_UP_PX));
/** A header that is hiding: showing, then down far enough. */
const hiding = run(scrollTo(1900 + HEADER_HIDE_ON_SCROLL_DOWN_PX), showing);

describe("header scroll reducer", () => {
  it("starts uninitialized", () => {
    expect(initialHeaderScrollState.status).toBe("uninitialized");
    expect(showing.status).toBe("showing");
    expect(hiding.status).toBe("hiding");
  });

  it("stays uninitialized while scrolling down, however far", () => {
    expect(run(scrollTo(100, 1000, 4000)).status).toBe("uninitialized");
  });

  it("uninitialized → showing after scrolling up 100 px from past 50% of the viewport", () => {
    const past = THRESHOLD + 1;
    expect(run(scrollTo(past, past - HEADER_SHOW_ON_SCROLL_UP_PX)).status).toBe("showing");
  });

  it("stays uninitialized when scrolling up less than 100 px", () => {
    expect(run(scrollTo(2000, 2000 - HEADER_SHOW_ON_SCROLL_UP_PX + 1)).status).toBe(
      "uninitialized",
    );
  });

  it("accumulates an upward scroll over several events", () => {
    expect(run(scrollTo(2000, 1960, 1930, 1900)).status).toBe("showing");
  });

  it("stays uninitialized when the upward scroll began before the 50% threshold", () => {
    expect(run(scrollTo(THRESHOLD, THRESHOLD - HEADER_SHOW_ON_SCROLL_UP_PX)).status).toBe(
      "uninitialized",
    );
  });

  it("restarts the distance when the direction changes", () => {
    // Up 60, down 10, up 60: never 100 px in one upward run.
    expect(run(scrollTo(2000, 1940, 1950, 1890)).status).toBe("uninitialized");
  });

  it("showing → hiding after scrolling down 200 px", () => {
    expect(run(scrollTo(1900 + HEADER_HIDE_ON_SCROLL_DOWN_PX), showing).status).toBe("hiding");
  });

  it("stays showing when scrolling down less than 200 px, or up", () => {
    expect(run(scrollTo(1900 + HEADER_HIDE_ON_SCROLL_DOWN_PX - 1), showing).status).toBe("showing");
    expect(run(scrollTo(1500, 300), showing).status).toBe("showing");
  });

  it("showing → hiding on reaching the bottom of the page", () => {
    const bottom = DOCUMENT - VIEWPORT;
    const nearBottomShowing = run(
      scrollTo(bottom - 150, bottom - 150 - HEADER_SHOW_ON_SCROLL_UP_PX),
    );
    expect(nearBottomShowing.status).toBe("showing");
    // 150 px further down is less than 200 px, but it is the bottom.
    expect(run(scrollTo(bottom - 100, bottom), nearBottomShowing).status).toBe("hiding");
  });

  it("hiding → showing after scrolling up 100 px again", () => {
    const y = hiding.lastY;
    expect(run(scrollTo(y - HEADER_SHOW_ON_SCROLL_UP_PX), hiding).status).toBe("showing");
    expect(run(scrollTo(y - HEADER_SHOW_ON_SCROLL_UP_PX + 1), hiding).status).toBe("hiding");
  });

  it("resets to uninitialized at the top of the page from any state", () => {
    for (const from of [showing, hiding, initialHeaderScrollState]) {
      const state = run(scrollTo(0), from);
      expect(state).toEqual(initialHeaderScrollState);
    }
    expect(run(scrollTo(-30), showing).status).toBe("uninitialized");
  });

  it("opening the mobile menu hides the header past the threshold", () => {
    expect(run([menu(true)], showing).status).toBe("hiding");
    expect(run([menu(true)], hiding).status).toBe("hiding");
  });

  it("opening the mobile menu resets the header above the threshold", () => {
    const nearTop = run(scrollTo(2000, 1800, 300));
    expect(nearTop.status).toBe("showing");
    expect(run([menu(true)], nearTop).status).toBe("uninitialized");
  });

  it("keeps the forced state while the menu is open, whatever the scrolling", () => {
    const open = run([menu(true)], showing);
    expect(run(scrollTo(1500, 1000, 4200), open).status).toBe("hiding");
  });

  it("after the menu closes, measures from where it closed", () => {
    const closed = run([menu(true), scroll(1500), menu(false)], showing);
    expect(closed.status).toBe("hiding");
    expect(closed.menuOpen).toBe(false);
    expect(run(scrollTo(1450), closed).status).toBe("hiding");
    expect(run(scrollTo(1500 - HEADER_SHOW_ON_SCROLL_UP_PX), closed).status).toBe("showing");
  });
});
