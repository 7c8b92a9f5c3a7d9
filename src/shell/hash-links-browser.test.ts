import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../runtime/index.ts";
import { SCROLL_OFFSET_PX } from "./deferred-rules.ts";
import { scrollToTarget } from "./hash-links-browser.ts";

// The router is not mounted here: record what the shell asks of it instead.
vi.mock("../runtime/index.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../runtime/index.ts")>()),
  navigate: vi.fn(async () => {}),
}));

/** A window scrolled to `scrollY`, at /webinars/ with no hash, that records scrolls. */
function stubWindow(scrollY: number) {
  const browser = {
    scrollY,
    scrollTo: vi.fn(({ top }: { top: number }) => {
      browser.scrollY = top;
    }),
    matchMedia: () => ({ matches: true }), // reduced motion: the scroll is instant
    location: { hash: "" },
    history: { state: { key: "k0" }, pushState: vi.fn(), replaceState: vi.fn() },
  };
  vi.stubGlobal("window", browser);
  return browser;
}

/** A heading `top` px below the top of the viewport. */
function target(top: number) {
  return {
    getBoundingClientRect: () => ({ top }),
    tabIndex: -1,
    hasAttribute: () => false,
    setAttribute: vi.fn(),
    focus: vi.fn(),
  } as unknown as HTMLElement;
}

describe("scrollToTarget", () => {
  beforeEach(() => {
    vi.mocked(navigate).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks the router for the history entry before scrolling, so Back can return here", () => {
    const browser = stubWindow(300);
    const scrolledWhenAsked: number[] = [];
    vi.mocked(navigate).mockImplementation(async () => {
      scrolledWhenAsked.push(browser.scrollY);
    });
    scrollToTarget(target(1500), "#agenda");
    // A copy of the current entry's state would share its scroll-memory key.
    expect(browser.history.pushState).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith("#agenda", { scroll: false });
    expect(scrolledWhenAsked).toEqual([300]);
    expect(browser.scrollY).toBe(1800 - SCROLL_OFFSET_PX);
  });

  it("adds no entry when the address bar already shows the hash", () => {
    const browser = stubWindow(300);
    browser.location.hash = "#agenda";
    scrollToTarget(target(1500), "#agenda");
    expect(navigate).not.toHaveBeenCalled();
    expect(browser.history.pushState).not.toHaveBeenCalled();
  });
});
