import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_COOKIE_MAX_AGE_MS,
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  PRODUCT_COOKIE_MAX_AGE_MS,
  REFERRAL_ID_COOKIE,
  SIGNUP_COOKIE,
  TEST_VARIATION_COOKIE,
} from "./constants.ts";
import {
  encodeFirstTouch,
  encodeLastTouch,
  parseFirstTouch,
  parseLastTouch,
  parseSignup,
} from "./encoding.ts";
import { PAGE, TEST_CONFIG } from "./testing.ts";
import { type PageView, trackPageView } from "./track.ts";
import type { CookieJar, CookieWrite, Touch } from "./types.ts";
import { AttributionInputError } from "./values.ts";

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

function view(overrides: Partial<PageView> = {}): PageView {
  return { url: PAGE, referrer: "", cookies: {}, now: NOW, config: TEST_CONFIG, ...overrides };
}

function byName(writes: CookieWrite[]): Record<string, CookieWrite> {
  return Object.fromEntries(writes.map((write) => [write.name, write]));
}

/** Applies writes to a jar, the way a browser would. */
function apply(jar: CookieJar, writes: CookieWrite[]): CookieJar {
  return { ...jar, ...Object.fromEntries(writes.map((write) => [write.name, write.value])) };
}

const googleAds: Touch = {
  source: "google",
  medium: "cpc",
  campaign: "spring",
  term: "",
  content: "",
};

describe("a first visit", () => {
  const result = trackPageView(
    view({ url: `${PAGE}?utm_source=google&utm_medium=cpc&utm_campaign=spring` }),
  );
  const writes = byName(result.writes);

  it("writes last touch, first touch, both URLs and the sign-up JSON", () => {
    expect(result.writes.map((write) => write.name)).toEqual([
      LAST_TOUCH_COOKIE,
      FIRST_TOUCH_COOKIE,
      FIRST_URL_COOKIE,
      LAST_URL_COOKIE,
      SIGNUP_COOKIE,
    ]);
    expect(parseLastTouch(writes[LAST_TOUCH_COOKIE]?.value)).toEqual(googleAds);
    expect(parseFirstTouch(writes[FIRST_TOUCH_COOKIE]?.value)).toEqual(googleAds);
    expect(writes[FIRST_URL_COOKIE]?.value).toBe("/pricing/");
    expect(writes[LAST_URL_COOKIE]?.value).toBe("/pricing/");
    expect(parseSignup(writes[SIGNUP_COOKIE]?.value)).toEqual({
      utm_source: "google",
      utm_first_source: "google",
      utm_campaign: "spring",
      utm_first_campaign: "spring",
      utm_medium: "cpc",
      utm_first_medium: "cpc",
      last_touch_url: "/pricing/",
      first_touch_url: "/pricing/",
      referrer: "",
    });
  });

  it("writes two-year cookies on the parent domain, path /, SameSite=Strict", () => {
    for (const write of result.writes) {
      expect(write).toMatchObject({ domain: "harbordesk.example", path: "/", sameSite: "Strict" });
      expect(write.expires.getTime()).toBe(NOW + ATTRIBUTION_COOKIE_MAX_AGE_MS);
    }
  });

  it("reports the rule and touch", () => {
    expect(result).toMatchObject({ tracked: true, rule: "campaign", touch: googleAds });
  });
});

describe("first touch", () => {
  const existingFirst = encodeFirstTouch({ ...googleAds, source: "newsletter", medium: "email" });

  it("is written only when empty", () => {
    const writes = byName(
      trackPageView(
        view({
          referrer: "https://www.bing.com/search?q=x",
          cookies: { [FIRST_TOUCH_COOKIE]: existingFirst },
        }),
      ).writes,
    );
    expect(writes[FIRST_TOUCH_COOKIE]).toBeUndefined();
    expect(parseLastTouch(writes[LAST_TOUCH_COOKIE]?.value)?.source).toBe("bing");
    expect(parseSignup(writes[SIGNUP_COOKIE]?.value)).toMatchObject({
      utm_source: "bing",
      utm_first_source: "newsletter",
      utm_first_medium: "email",
    });
  });

  it("replaces a malformed first-touch cookie (it holds no first touch)", () => {
    const writes = byName(
      trackPageView(
        view({ referrer: "https://t.co/x", cookies: { [FIRST_TOUCH_COOKIE]: "garbage~~" } }),
      ).writes,
    );
    expect(parseFirstTouch(writes[FIRST_TOUCH_COOKIE]?.value)?.source).toBe("x");
  });

  it("first URL is written only when empty; last URL every tracked visit", () => {
    const cookies = { [FIRST_URL_COOKIE]: "/blog/", [LAST_URL_COOKIE]: "/blog/" };
    const writes = byName(
      trackPageView(view({ url: "https://harbordesk.example/inbox/", cookies })).writes,
    );
    expect(writes[FIRST_URL_COOKIE]).toBeUndefined();
    expect(writes[LAST_URL_COOKIE]?.value).toBe("/inbox/");
    expect(parseSignup(writes[SIGNUP_COOKIE]?.value)).toMatchObject({
      first_touch_url: "/blog/",
      last_touch_url: "/inbox/",
    });
  });
});

describe("direct", () => {
  it("is recorded only without a last-touch cookie", () => {
    const first = trackPageView(view());
    expect(first.rule).toBe("direct");
    expect(parseLastTouch(byName(first.writes)[LAST_TOUCH_COOKIE]?.value)).toEqual({
      source: "(direct)",
      medium: "(none)",
      campaign: "",
      term: "",
      content: "",
    });
    const later = trackPageView(
      view({ cookies: { [LAST_TOUCH_COOKIE]: encodeLastTouch(googleAds) } }),
    );
    expect(later.rule).toBeNull();
    expect(byName(later.writes)[LAST_TOUCH_COOKIE]).toBeUndefined();
    expect(parseSignup(byName(later.writes)[SIGNUP_COOKIE]?.value)?.utm_source).toBe("google");
  });

  it("a malformed last-touch cookie does not count as one", () => {
    const result = trackPageView(view({ cookies: { [LAST_TOUCH_COOKIE]: "utmcsr=google" } }));
    expect(result.rule).toBe("direct");
  });
});

describe("a session", () => {
  it("keeps first touch and updates last URL across client navigations", () => {
    let jar: CookieJar = {};
    const landing = trackPageView(
      view({
        url: "https://www.harbordesk.example/?utm_source=news&utm_medium=email",
        referrer: "https://mail.example.com/",
        cookies: jar,
      }),
    );
    jar = apply(jar, landing.writes);
    // The client-side navigation passes the previous page as the referrer.
    const next = trackPageView(
      view({
        url: "https://www.harbordesk.example/pricing/",
        referrer: "https://www.harbordesk.example/?utm_source=news&utm_medium=email",
        cookies: jar,
      }),
    );
    expect(next.rule).toBeNull();
    jar = apply(jar, next.writes);
    expect(parseFirstTouch(jar[FIRST_TOUCH_COOKIE])).toMatchObject({
      source: "news",
      medium: "email",
    });
    expect(parseLastTouch(jar[LAST_TOUCH_COOKIE])).toMatchObject({
      source: "news",
      medium: "email",
    });
    expect(jar[FIRST_URL_COOKIE]).toBe("/");
    expect(jar[LAST_URL_COOKIE]).toBe("/pricing/");
    expect(parseSignup(jar[SIGNUP_COOKIE])).toMatchObject({
      referrer: "https://mail.example.com/",
      last_touch_url: "/pricing/",
      first_touch_url: "/",
    });
  });

  it("a later touch replaces last touch and its referrer, never first touch", () => {
    let jar = apply(
      {},
      trackPageView(view({ referrer: "https://news.example.org/post?id=1" })).writes,
    );
    expect(parseSignup(jar[SIGNUP_COOKIE])?.referrer).toBe("https://news.example.org/post");
    jar = apply(
      jar,
      trackPageView(view({ url: `${PAGE}?gclid=1`, referrer: "", cookies: jar })).writes,
    );
    expect(parseLastTouch(jar[LAST_TOUCH_COOKIE])).toMatchObject({
      source: "google",
      medium: "cpc",
    });
    expect(parseFirstTouch(jar[FIRST_TOUCH_COOKIE])).toMatchObject({
      source: "news.example.org",
      medium: "referral",
    });
    expect(parseSignup(jar[SIGNUP_COOKIE])?.referrer).toBe("");
  });
});

describe("tracked URLs", () => {
  it("login pages on the app host are tracked, with the shared parent domain", () => {
    const result = trackPageView(
      view({
        url: "https://secure.harbordesk.example/members/login/",
        referrer: "https://www.google.com/",
      }),
    );
    expect(result).toMatchObject({ tracked: true, rule: "search" });
    expect(result.writes.every((write) => write.domain === "harbordesk.example")).toBe(true);
  });

  it("sign-up pages and other hosts are not tracked", () => {
    for (const url of [
      "https://secure.harbordesk.example/members/register/plus/?utm_source=x",
      "https://docs.harbordesk.example/?utm_source=x",
    ]) {
      expect(trackPageView(view({ url }))).toEqual({
        tracked: false,
        rule: null,
        touch: null,
        writes: [],
      });
    }
  });

  it("localhost cookies are host-only", () => {
    const result = trackPageView(view({ url: "http://localhost:8000/" }));
    expect(result.writes.length).toBeGreaterThan(0);
    expect(result.writes.every((write) => write.domain === undefined)).toBe(true);
  });
});

describe("referral id and test variation", () => {
  it("come from ref and tvar, live 365 days, on any page", () => {
    const result = trackPageView(
      view({ url: "https://secure.harbordesk.example/members/register/?ref=abc%20123&tvar=B" }),
    );
    expect(result.writes).toEqual([
      {
        name: REFERRAL_ID_COOKIE,
        value: "abc%20123",
        expires: new Date(NOW + PRODUCT_COOKIE_MAX_AGE_MS),
        domain: "harbordesk.example",
        path: "/",
        sameSite: "Strict",
      },
      {
        name: TEST_VARIATION_COOKIE,
        value: "B",
        expires: new Date(NOW + PRODUCT_COOKIE_MAX_AGE_MS),
        domain: "harbordesk.example",
        path: "/",
        sameSite: "Strict",
      },
    ]);
  });

  it("are not written when empty", () => {
    expect(
      byName(trackPageView(view({ url: `${PAGE}?ref=&tvar=%20` })).writes)[REFERRAL_ID_COOKIE],
    ).toBeUndefined();
  });
});

describe("bad input", () => {
  it("throws a clear error for an undefined URL", () => {
    expect(() => trackPageView(view({ url: undefined as unknown as string }))).toThrow(
      AttributionInputError,
    );
    expect(() => trackPageView(view({ url: undefined as unknown as string }))).toThrow(
      /trackPageView: view\.url is undefined.*window\.location\.href/,
    );
  });

  it.each(["", "not a url", "ftp://harbordesk.example/", "javascript:alert(1)"])(
    "writes nothing for URL %j",
    (url) => {
      expect(trackPageView(view({ url })).writes).toEqual([]);
    },
  );

  it("writes nothing for an invalid clock", () => {
    expect(trackPageView(view({ now: Number.NaN })).writes).toEqual([]);
    expect(trackPageView(view({ now: new Date("nope") })).writes).toEqual([]);
  });

  it("caps oversized values and keeps every cookie under the size limit", () => {
    const huge = "é".repeat(100_000);
    const result = trackPageView(
      view({
        url: `${PAGE}?utm_source=${huge}&utm_campaign=${huge}&ref=${huge}`,
        referrer: `https://x.example/${huge}`,
      }),
    );
    expect(result.rule).toBe("campaign");
    for (const write of result.writes)
      expect(write.name.length + write.value.length).toBeLessThan(4096);
  });
});
