import { describe, expect, it } from "vitest";
import { BEACON_ROUTES, openSupport } from "./beacon.ts";
import { CONTACT_US_HASH, OPEN_BEACON_HASH, SCROLL_OFFSET_PX } from "./deferred-rules.ts";
import { hashAction, inPageHash, scrollTargetTop } from "./hash-links.ts";

describe("hashAction", () => {
  it("opens the widget's ask page for #contact-us and its answers page for #open-beacon", () => {
    expect(hashAction(CONTACT_US_HASH)).toEqual({ kind: "support", page: "ask" });
    expect(hashAction(OPEN_BEACON_HASH)).toEqual({ kind: "support", page: "answers" });
  });

  it("scrolls to any other id, decoded", () => {
    expect(hashAction("#pricing-faq")).toEqual({ kind: "scroll", id: "pricing-faq" });
    expect(hashAction("#caf%C3%A9")).toEqual({ kind: "scroll", id: "café" });
    expect(hashAction("#100%")).toEqual({ kind: "scroll", id: "100%" });
  });

  it("does nothing for an empty hash", () => {
    expect(hashAction("")).toEqual({ kind: "none" });
    expect(hashAction("#")).toEqual({ kind: "none" });
  });
});

describe("inPageHash", () => {
  const here = "https://site.example/pricing/?plan=plus";

  it("returns the hash of links to the current page", () => {
    expect(inPageHash("#faq", here)).toBe("#faq");
    expect(inPageHash("/pricing/?plan=plus#faq", here)).toBe("#faq");
    expect(inPageHash("https://site.example/pricing/?plan=plus#contact-us", here)).toBe(
      "#contact-us",
    );
  });

  it("returns null for other pages, other queries, other origins and no hash", () => {
    expect(inPageHash("/inbox/#faq", here)).toBeNull();
    expect(inPageHash("/pricing/#faq", here)).toBeNull();
    expect(inPageHash("https://other.example/pricing/?plan=plus#faq", here)).toBeNull();
    expect(inPageHash("/pricing/?plan=plus", here)).toBeNull();
    expect(inPageHash("http://[bad", here)).toBeNull();
  });
});

describe("scrollTargetTop", () => {
  it(`stops ${SCROLL_OFFSET_PX} px above the target`, () => {
    expect(scrollTargetTop(500, 1000, SCROLL_OFFSET_PX)).toBe(1500 - SCROLL_OFFSET_PX);
    expect(scrollTargetTop(-300, 1000, SCROLL_OFFSET_PX)).toBe(700 - SCROLL_OFFSET_PX);
  });

  it("never goes above the top of the page", () => {
    expect(scrollTargetTop(50, 0, SCROLL_OFFSET_PX)).toBe(0);
  });
});

describe("openSupport", () => {
  function recorder() {
    const calls: unknown[][] = [];
    const opened: string[] = [];
    return {
      calls,
      opened,
      beacon: (...args: unknown[]) => void calls.push(args),
      openUrl: (url: string) => void opened.push(url),
    };
  }

  it("opens the widget and navigates it to the page", () => {
    const r = recorder();
    expect(
      openSupport("ask", { beacon: r.beacon, supportEmail: "a@b.c", openUrl: r.openUrl }),
    ).toBe("widget");
    expect(r.calls).toEqual([["open"], ["navigate", BEACON_ROUTES.ask]]);
    openSupport("answers", { beacon: r.beacon, supportEmail: "a@b.c", openUrl: r.openUrl });
    expect(r.calls.at(-1)).toEqual(["navigate", BEACON_ROUTES.answers]);
    expect(r.opened).toEqual([]);
  });

  it("falls back to a mailto link when the widget is missing or throws", () => {
    const r = recorder();
    const throwing = () => {
      throw new Error("widget broke");
    };
    expect(
      openSupport("ask", { beacon: undefined, supportEmail: "a@b.c", openUrl: r.openUrl }),
    ).toBe("mailto");
    expect(
      openSupport("ask", { beacon: throwing, supportEmail: "a@b.c", openUrl: r.openUrl }),
    ).toBe("mailto");
    expect(r.opened).toEqual(["mailto:a@b.c", "mailto:a@b.c"]);
  });

  it("reports unavailable with neither a widget nor a support address", () => {
    const r = recorder();
    expect(openSupport("ask", { beacon: null, supportEmail: undefined, openUrl: r.openUrl })).toBe(
      "unavailable",
    );
    expect(r.opened).toEqual([]);
  });
});
