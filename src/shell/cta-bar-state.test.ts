import { describe, expect, it } from "vitest";
import {
  type CtaBarEvent,
  type CtaBarState,
  ctaBarReducer,
  ctaBarStateOnMount,
  dismissalKey,
  hasReachedScrollThreshold,
  initialCtaBarState,
  isDismissalActive,
} from "./cta-bar-state.ts";
import {
  CTA_BAR_DEMO_DISMISSED_KEY,
  CTA_BAR_DISMISS_MS,
  CTA_BAR_PERSIST_PATHS,
  CTA_BAR_QUERY_PARAM,
  CTA_BAR_TRIAL_DISMISSED_KEY,
} from "./deferred-rules.ts";

const NOW = 1_700_000_000_000;

function page(
  path: string,
  extra: Partial<Extract<CtaBarEvent, { type: "page" }>> = {},
): CtaBarEvent {
  return { type: "page", path, search: "", variant: "demo", dismissedAt: null, now: NOW, ...extra };
}
const scrolled = (scrollY: number): CtaBarEvent => ({
  type: "scroll",
  scrollY,
  documentHeight: 3800,
  viewportHeight: 800,
});
const run = (events: CtaBarEvent[], from: CtaBarState = initialCtaBarState) =>
  events.reduce(ctaBarReducer, from);

describe("isDismissalActive", () => {
  it("is active for 24 hours after the dismissal", () => {
    expect(isDismissalActive(NOW, NOW)).toBe(true);
    expect(isDismissalActive(NOW - CTA_BAR_DISMISS_MS + 1, NOW)).toBe(true);
    expect(isDismissalActive(NOW - CTA_BAR_DISMISS_MS, NOW)).toBe(false);
  });

  it("ignores values that are not timestamps", () => {
    for (const value of [null, undefined, "1700000000000", Number.NaN, {}, true]) {
      expect(isDismissalActive(value, NOW)).toBe(false);
    }
  });
});

describe("hasReachedScrollThreshold", () => {
  it("is reached at a third of page height minus viewport height", () => {
    expect(hasReachedScrollThreshold(999, 3800, 800)).toBe(false);
    expect(hasReachedScrollThreshold(1000, 3800, 800)).toBe(true);
  });

  it("is reached at once on a page that cannot scroll", () => {
    expect(hasReachedScrollThreshold(0, 600, 800)).toBe(true);
  });
});

describe("dismissalKey", () => {
  it("keeps separate keys for the demo and trial bars", () => {
    expect(dismissalKey("demo")).toBe(CTA_BAR_DEMO_DISMISSED_KEY);
    expect(dismissalKey("trial")).toBe(CTA_BAR_TRIAL_DISMISSED_KEY);
    expect(CTA_BAR_DEMO_DISMISSED_KEY).not.toBe(CTA_BAR_TRIAL_DISMISSED_KEY);
  });
});

describe("ctaBarReducer", () => {
  it("waits on an eligible page and shows at the scroll threshold", () => {
    const waiting = run([page("/")]);
    expect(waiting.phase).toBe("waiting");
    expect(run([scrolled(999)], waiting).phase).toBe("waiting");
    expect(run([scrolled(1000)], waiting).phase).toBe("visible");
  });

  it("stays visible when scrolling back up", () => {
    expect(run([page("/"), scrolled(1200), scrolled(0)]).phase).toBe("visible");
  });

  it("stays hidden on pages without the bar, whatever the scrolling", () => {
    expect(run([page("/customer-first/"), scrolled(3000)]).phase).toBe("hidden");
  });

  it("shows on any page with the query flag", () => {
    const state = run([page("/customer-first/", { search: `?${CTA_BAR_QUERY_PARAM}=1` })]);
    expect(state.phase).toBe("waiting");
  });

  it("stays hidden for 24 hours after a dismissal, then is eligible again", () => {
    expect(run([page("/", { dismissedAt: NOW - 1000 }), scrolled(3000)]).phase).toBe("hidden");
    expect(run([page("/", { dismissedAt: NOW - CTA_BAR_DISMISS_MS })]).phase).toBe("waiting");
  });

  it("hides when dismissed", () => {
    expect(run([page("/"), scrolled(1000), { type: "dismiss" }]).phase).toBe("dismissed");
    expect(run([page("/"), { type: "dismiss" }]).phase).toBe("waiting");
  });

  it("takes the variant from the page", () => {
    expect(run([page("/pricing/", { variant: "trial" })]).variant).toBe("trial");
  });

  describe("across client-side navigation", () => {
    const visibleHome = run([page("/"), scrolled(1000)]);

    it("stays visible going to the persistence pages, keeping its variant", () => {
      for (const path of CTA_BAR_PERSIST_PATHS) {
        const state = run([page(path, { variant: "trial" })], visibleHome);
        expect(state).toEqual({ phase: "visible", variant: "demo", path });
      }
    });

    it("hides going anywhere else, and waits again on another bar page", () => {
      expect(run([page("/customer-first/")], visibleHome).phase).toBe("hidden");
      expect(run([page("/inbox/")], visibleHome).phase).toBe("waiting");
    });

    it("does not appear on a persistence page when it was not visible before", () => {
      const waitingHome = run([page("/")]);
      expect(run([page("/lp/get-a-demo/"), scrolled(3000)], waitingHome).phase).toBe("hidden");
    });

    it("keeps a dismissed bar away after navigating", () => {
      const dismissed = run([{ type: "dismiss" }], visibleHome);
      expect(run([page("/lp/get-a-demo/")], dismissed).phase).toBe("hidden");
    });
  });

  describe("ctaBarStateOnMount (the page tree was replaced)", () => {
    it("starts visible on a persistence page when the previous page's bar was visible", () => {
      const state = ctaBarStateOnMount(
        { variant: "trial", path: "/pricing/" },
        "/pricing/contact-based/",
        "demo",
      );
      expect(state).toEqual({
        phase: "visible",
        variant: "trial",
        path: "/pricing/contact-based/",
      });
      // The page event that follows the mount keeps it.
      expect(run([page("/pricing/contact-based/")], state).phase).toBe("visible");
    });

    it("starts hidden otherwise", () => {
      expect(ctaBarStateOnMount(null, "/lp/get-a-demo/", "demo")).toEqual(initialCtaBarState);
      expect(ctaBarStateOnMount({ variant: "demo", path: "/" }, "/pricing/", "trial")).toEqual({
        ...initialCtaBarState,
        variant: "trial",
      });
    });
  });
});
