import { describe, expect, it } from "vitest";
import { FOOTER_HIDDEN_PATHS, FOOTER_SMALL_PATHS, STATIC_HEADER_PATHS } from "./constants.ts";
import {
  AD_PIXEL_PATH_SEGMENT,
  CTA_BAR_PATHS,
  CTA_BAR_PERSIST_PATHS,
  CTA_BAR_QUERY_PARAM,
  ctaBarVariant,
  keepsCtaBarAcrossNavigation,
  loadsAdPixel,
  loadsBuyerIntentScript,
  loadsTrackingPixel,
  pathTags,
  shouldShowCtaBar,
  TRACKING_PIXEL_PATHS,
} from "./deferred-rules.ts";
import {
  footerMode,
  isStaticHeader,
  matchesPathPattern,
  normalizePath,
  shellRulePath,
  showsLoginInsteadOfDemo,
} from "./path-rules.ts";

describe("normalizePath", () => {
  it("adds the trailing slash, keeps files, drops query and hash", () => {
    expect(normalizePath("/pricing")).toBe("/pricing/");
    expect(normalizePath("/pricing/")).toBe("/pricing/");
    expect(normalizePath("")).toBe("/");
    expect(normalizePath("lp/x")).toBe("/lp/x/");
    expect(normalizePath("/404.html")).toBe("/404.html");
    expect(normalizePath("/inbox?x=1#top")).toBe("/inbox/");
    expect(normalizePath("//inbox//")).toBe("/inbox/");
  });
});

describe("matchesPathPattern", () => {
  it("matches exact paths regardless of the trailing slash", () => {
    expect(matchesPathPattern("/inbox", "/inbox/")).toBe(true);
    expect(matchesPathPattern("/inbox/more/", "/inbox/")).toBe(false);
    expect(matchesPathPattern("/", "/")).toBe(true);
  });

  it("matches a wildcard's prefix and everything below, but not look-alikes", () => {
    expect(matchesPathPattern("/compare/zendesk-alternative/", "/compare/*")).toBe(true);
    expect(matchesPathPattern("/compare/", "/compare/*")).toBe(true);
    expect(matchesPathPattern("/compare", "/compare/*")).toBe(true);
    expect(matchesPathPattern("/compared/", "/compare/*")).toBe(false);
  });
});

describe("header rules", () => {
  it("shows Log in instead of Get a Demo only on /", () => {
    expect(showsLoginInsteadOfDemo("/")).toBe(true);
    expect(showsLoginInsteadOfDemo("/pricing/")).toBe(false);
    expect(showsLoginInsteadOfDemo("/inbox/")).toBe(false);
  });

  it("keeps the header static on the spec's paths or when the page context asks", () => {
    for (const path of STATIC_HEADER_PATHS) expect(isStaticHeader(path, {})).toBe(true);
    expect(isStaticHeader("/pricing", {})).toBe(true);
    expect(isStaticHeader("/interview-builder/", undefined)).toBe(true);
    expect(isStaticHeader("/", {})).toBe(false);
    expect(isStaticHeader("/pricing/other/", {})).toBe(false);
    expect(isStaticHeader("/", { staticHeader: true })).toBe(true);
    expect(isStaticHeader("/", { staticHeader: false })).toBe(false);
  });
});

describe("footerMode", () => {
  it("hides the footer on /product-tour/", () => {
    expect(FOOTER_HIDDEN_PATHS).toContain("/product-tour/");
    expect(footerMode("/product-tour/")).toBe("hidden");
    expect(footerMode("/product-tour")).toBe("hidden");
  });

  it("uses the small footer on the spec's four paths, with or without a trailing slash", () => {
    expect(FOOTER_SMALL_PATHS).toHaveLength(4);
    for (const path of FOOTER_SMALL_PATHS) expect(footerMode(path)).toBe("small");
    expect(footerMode("/lp/personalized-customer-experience")).toBe("small");
  });

  it("uses the full footer elsewhere", () => {
    expect(footerMode("/")).toBe("full");
    expect(footerMode("/lp/get-a-demo/")).toBe("full");
    expect(footerMode("/webinars/")).toBe("full");
  });
});

describe("sub-paths of the interview builder", () => {
  it("keep the builder's static header and small footer on every client-side sub-path", () => {
    for (const path of [
      "/interview-builder",
      "/interview-builder/support-team-lead/",
      "/interview-builder/support-team-lead/empathy~ownership/saying-no-kindly~own-mistake/",
      "/interview-builder/library/empathy/",
    ]) {
      expect(shellRulePath(path), path).toBe("/interview-builder/");
      expect(isStaticHeader(path, {}), path).toBe(true);
      expect(footerMode(path), path).toBe("small");
    }
  });

  it("do not widen to look-alike paths or other pages", () => {
    expect(shellRulePath("/interview-builders/x/")).toBe("/interview-builders/x/");
    expect(footerMode("/interview-builders/x/")).toBe("full");
    expect(isStaticHeader("/interview-guides/support-manager/", {})).toBe(false);
    expect(footerMode("/fundraising-with-purpose/more/")).toBe("full");
  });
});

describe("CTA bar paths", () => {
  it("covers / and the spec's 22 feature page entries", () => {
    expect(CTA_BAR_PATHS).toHaveLength(23);
    for (const pattern of CTA_BAR_PATHS) {
      expect(shouldShowCtaBar(pattern.replace("*", "example/"), "")).toBe(true);
    }
  });

  it("matches wildcard families and nothing else", () => {
    expect(shouldShowCtaBar("/", "")).toBe(true);
    expect(shouldShowCtaBar("/industry/saas/", "")).toBe(true);
    expect(shouldShowCtaBar("/customer-referral/friends/", "")).toBe(true);
    expect(shouldShowCtaBar("/inbox", "")).toBe(true);
    expect(shouldShowCtaBar("/customer-first/", "")).toBe(false);
    expect(shouldShowCtaBar("/lp/get-a-demo/", "")).toBe(false);
    expect(shouldShowCtaBar("/pricing/contact-based/", "")).toBe(false);
    expect(shouldShowCtaBar("/inbox/other/", "")).toBe(false);
  });

  it(`shows on any page with ?${CTA_BAR_QUERY_PARAM}=1, and only with the value 1`, () => {
    expect(shouldShowCtaBar("/customer-first/", `?${CTA_BAR_QUERY_PARAM}=1`)).toBe(true);
    expect(shouldShowCtaBar("/customer-first/", `?a=b&${CTA_BAR_QUERY_PARAM}=1`)).toBe(true);
    expect(shouldShowCtaBar("/customer-first/", `?${CTA_BAR_QUERY_PARAM}=0`)).toBe(false);
    expect(shouldShowCtaBar("/customer-first/", "?other=1")).toBe(false);
  });

  it("persists across client navigation only to the spec's two pages", () => {
    for (const path of CTA_BAR_PERSIST_PATHS) expect(keepsCtaBarAcrossNavigation(path)).toBe(true);
    expect(keepsCtaBarAcrossNavigation("/")).toBe(false);
    expect(keepsCtaBarAcrossNavigation("/inbox/")).toBe(false);
  });

  it("offers the trial on pricing and the demo elsewhere, unless the page context chooses", () => {
    expect(ctaBarVariant("/pricing/")).toBe("trial");
    expect(ctaBarVariant("/")).toBe("demo");
    expect(ctaBarVariant("/", { ctaBarVariant: "trial" })).toBe("trial");
    expect(ctaBarVariant("/pricing/", { ctaBarVariant: "bogus" })).toBe("trial");
  });
});

describe("path-triggered tags", () => {
  const settings = {
    trackingPixelUrl: "/pixel.gif",
    adPixelUrl: "/ad-pixel.gif",
    buyerIntentScriptUrl: "/buyer-intent.js",
    buyerIntentPaths: ["/inbox/", "/blog/*"],
  };

  it("loads the tracking pixel on / and /pricing/ only", () => {
    for (const path of TRACKING_PIXEL_PATHS) expect(loadsTrackingPixel(path)).toBe(true);
    expect(loadsTrackingPixel("/pricing/contact-based/")).toBe(false);
    expect(loadsTrackingPixel("/inbox/")).toBe(false);
  });

  it(`loads the ad pixel on paths containing ${AD_PIXEL_PATH_SEGMENT}`, () => {
    expect(loadsAdPixel("/see-it-in-action/inbox/")).toBe(true);
    expect(loadsAdPixel("/fr/see-it-in-action/x")).toBe(true);
    expect(loadsAdPixel("/see-it-in-action")).toBe(true);
    expect(loadsAdPixel("/see-it/")).toBe(false);
  });

  it("loads the buyer-intent script on the configured paths", () => {
    expect(loadsBuyerIntentScript("/inbox", settings.buyerIntentPaths)).toBe(true);
    expect(loadsBuyerIntentScript("/blog/a-post/", settings.buyerIntentPaths)).toBe(true);
    expect(loadsBuyerIntentScript("/pricing/", settings.buyerIntentPaths)).toBe(false);
    expect(loadsBuyerIntentScript("/inbox/", [])).toBe(false);
  });

  it("lists each tag with its URL from settings", () => {
    expect(pathTags("/", settings)).toEqual([
      { kind: "tracking-pixel", element: "img", src: "/pixel.gif" },
    ]);
    expect(pathTags("/see-it-in-action/inbox/", settings)).toEqual([
      { kind: "ad-pixel", element: "img", src: "/ad-pixel.gif" },
    ]);
    expect(pathTags("/inbox/", settings)).toEqual([
      { kind: "buyer-intent", element: "script", src: "/buyer-intent.js" },
    ]);
  });

  it("loads nothing when the URLs are unset", () => {
    expect(pathTags("/", {})).toEqual([]);
    expect(pathTags("/see-it-in-action/inbox/", {})).toEqual([]);
    expect(pathTags("/inbox/", { buyerIntentPaths: ["/inbox/"] })).toEqual([]);
  });
});
