import { describe, expect, it } from "vitest";
import {
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  SIGNUP_COOKIE,
  SIGNUP_LINK_PARAMS,
  TEST_VARIATION_COOKIE,
} from "./constants.ts";
import { encodeFirstTouch, encodeLastTouch, encodeSignup, encodeText } from "./encoding.ts";
import {
  addProductIds,
  addReferralParams,
  readReferralParams,
  rewriteSignupHref,
  signupLinkParams,
} from "./links.ts";
import { PAGE, TEST_CONFIG } from "./testing.ts";
import type { CookieJar } from "./types.ts";
import { AttributionInputError } from "./values.ts";

const SIGNUP = "https://secure.harbordesk.example/members/register/plus/";

const cookies: CookieJar = {
  [LAST_TOUCH_COOKIE]: encodeLastTouch({
    source: "google",
    medium: "cpc",
    campaign: "spring sale",
    term: "t",
    content: "c",
  }),
  [FIRST_TOUCH_COOKIE]: encodeFirstTouch({
    source: "t.co",
    medium: "referral",
    campaign: "(referral)",
    term: "",
    content: "/x",
  }),
  [FIRST_URL_COOKIE]: "/",
  [LAST_URL_COOKIE]: "/pricing/",
  [TEST_VARIATION_COOKIE]: encodeText("B"),
  [SIGNUP_COOKIE]: encodeSignup({
    utm_source: "google",
    utm_first_source: "t.co",
    utm_campaign: "spring sale",
    utm_first_campaign: "(referral)",
    utm_medium: "cpc",
    utm_first_medium: "referral",
    last_touch_url: "/pricing/",
    first_touch_url: "/",
    referrer: "https://www.google.com/",
  }),
};

const params = (href: string) => Object.fromEntries(new URL(href).searchParams);

describe("rewriteSignupHref", () => {
  it("adds every parameter from the cookies", () => {
    const href = rewriteSignupHref(SIGNUP, { pageUrl: PAGE, cookies, config: TEST_CONFIG });
    expect(params(href)).toEqual({
      utm_source: "google",
      utm_campaign: "spring sale",
      utm_medium: "cpc",
      last_touch_url: "/pricing/",
      utm_first_source: "t.co",
      utm_first_campaign: "(referral)",
      utm_first_medium: "referral",
      first_touch_url: "/",
      hs_tvar: "B",
      referrer: "https://www.google.com/",
    });
    expect(Object.keys(params(href))).toEqual([...SIGNUP_LINK_PARAMS]);
  });

  it("adds the page's promo", () => {
    const href = rewriteSignupHref(SIGNUP, {
      pageUrl: `${PAGE}?promo=SPRING25`,
      cookies,
      config: TEST_CONFIG,
    });
    expect(params(href).promo).toBe("SPRING25");
  });

  it("keeps the link's own parameters, values and hash", () => {
    const href = rewriteSignupHref(`${SIGNUP}?plan=plus&utm_source=pricing-page&x=a%20b#top`, {
      pageUrl: PAGE,
      cookies,
      config: TEST_CONFIG,
    });
    expect(href.startsWith(`${SIGNUP}?plan=plus&utm_source=pricing-page&x=a%20b&`)).toBe(true);
    expect(href.endsWith("#top")).toBe(true);
    expect(new URL(href).searchParams.getAll("utm_source")).toEqual(["pricing-page"]);
  });

  it("is idempotent", () => {
    const context = { pageUrl: `${PAGE}?promo=P`, cookies, config: TEST_CONFIG };
    const once = rewriteSignupHref(SIGNUP, context);
    expect(rewriteSignupHref(once, context)).toBe(once);
  });

  it("is skipped on a sign-up page", () => {
    expect(
      rewriteSignupHref(SIGNUP, { pageUrl: `${SIGNUP}?promo=P`, cookies, config: TEST_CONFIG }),
    ).toBe(SIGNUP);
  });

  it("resolves relative sign-up links on an app page", () => {
    const href = rewriteSignupHref("/members/register/", {
      pageUrl: "https://secure.harbordesk.example/members/login/",
      cookies,
      config: TEST_CONFIG,
    });
    expect(
      href.startsWith("https://secure.harbordesk.example/members/register/?utm_source=google"),
    ).toBe(true);
  });

  it.each([
    "https://secure.harbordesk.example/members/login/",
    "https://other.example/members/register/",
    "/members/register/",
    "/pricing/",
    "mailto:help@harbordesk.example",
    "javascript:void(0)",
    "#contact-us",
    "http://[bad",
  ])("leaves %s alone", (href) => {
    expect(rewriteSignupHref(href, { pageUrl: PAGE, cookies, config: TEST_CONFIG })).toBe(href);
  });

  it("adds nothing without cookies", () => {
    expect(rewriteSignupHref(SIGNUP, { pageUrl: PAGE, cookies: {}, config: TEST_CONFIG })).toBe(
      SIGNUP,
    );
  });

  it("throws a clear error without a page URL", () => {
    expect(() =>
      rewriteSignupHref(SIGNUP, {
        pageUrl: undefined as unknown as string,
        cookies,
        config: TEST_CONFIG,
      }),
    ).toThrow(AttributionInputError);
  });
});

describe("signupLinkParams", () => {
  it("falls back to the sign-up JSON when the individual cookies are missing", () => {
    expect(signupLinkParams({ [SIGNUP_COOKIE]: cookies[SIGNUP_COOKIE] ?? "" })).toMatchObject({
      utm_source: "google",
      utm_first_source: "t.co",
      last_touch_url: "/pricing/",
    });
  });
});

describe("addProductIds", () => {
  it("adds mxid and hpid to product-host links", () => {
    expect(
      addProductIds(
        "https://docs.harbordesk.example/a?x=1",
        { mxid: "m1", hpid: "h 2" },
        TEST_CONFIG,
      ),
    ).toBe("https://docs.harbordesk.example/a?x=1&mxid=m1&hpid=h+2");
  });

  it("adds only the ids that are known", () => {
    expect(
      addProductIds("https://status.harbordesk.example/", { mxid: null, hpid: "h" }, TEST_CONFIG),
    ).toBe("https://status.harbordesk.example/?hpid=h");
    expect(addProductIds("https://status.harbordesk.example/", {}, TEST_CONFIG)).toBe(
      "https://status.harbordesk.example/",
    );
  });

  it.each(["https://www.harbordesk.example/", "https://example.com/", "/docs/"])(
    "leaves %s alone",
    (href) => {
      expect(addProductIds(href, { mxid: "m" }, TEST_CONFIG)).toBe(href);
    },
  );
});

describe("referral params", () => {
  it("read the URL first, then the cookies", () => {
    expect(
      readReferralParams(`${PAGE}?gspk=url-pk`, { gspk: "cookie-pk", gsxid: "cookie-x" }),
    ).toEqual({
      gspk: "url-pk",
      gsxid: "cookie-x",
    });
    expect(readReferralParams(PAGE, {})).toEqual({});
  });

  it("are appended to app links only", () => {
    const referral = { gspk: "pk", gsxid: "x1" };
    expect(addReferralParams(`${SIGNUP}?a=1`, referral, TEST_CONFIG)).toBe(
      `${SIGNUP}?a=1&gspk=pk&gsxid=x1`,
    );
    expect(addReferralParams("https://docs.harbordesk.example/", referral, TEST_CONFIG)).toBe(
      "https://docs.harbordesk.example/",
    );
    expect(addReferralParams(`${SIGNUP}?gspk=own`, referral, TEST_CONFIG)).toBe(
      `${SIGNUP}?gspk=own&gsxid=x1`,
    );
  });
});

describe("links that are not written as absolute URLs", () => {
  const APP_PAGE = "https://secure.harbordesk.example/members/login/?gspk=pk";

  it("protocol-relative product links get the ids", () => {
    expect(
      addProductIds("//docs.harbordesk.example/a?x=1", { mxid: "m1" }, TEST_CONFIG, PAGE),
    ).toBe("https://docs.harbordesk.example/a?x=1&mxid=m1");
  });

  it("protocol-relative app links get the referral parameters", () => {
    expect(
      addReferralParams(
        "//secure.harbordesk.example/members/login/",
        { gspk: "pk" },
        TEST_CONFIG,
        PAGE,
      ),
    ).toBe("https://secure.harbordesk.example/members/login/?gspk=pk");
  });

  it("protocol-relative links take the page's scheme", () => {
    expect(
      addProductIds(
        "//docs.harbordesk.example/",
        { mxid: "m1" },
        TEST_CONFIG,
        "http://localhost:8000/",
      ),
    ).toBe("http://docs.harbordesk.example/?mxid=m1");
  });

  it("without a page URL, protocol-relative links still count (as https)", () => {
    expect(addProductIds("//docs.harbordesk.example/", { mxid: "m1" }, TEST_CONFIG)).toBe(
      "https://docs.harbordesk.example/?mxid=m1",
    );
    expect(
      addReferralParams("//secure.harbordesk.example/members/login/", { gspk: "pk" }, TEST_CONFIG),
    ).toBe("https://secure.harbordesk.example/members/login/?gspk=pk");
  });

  it("relative links on an app page get the referral parameters", () => {
    expect(addReferralParams("/members/login/reset/", { gspk: "pk" }, TEST_CONFIG, APP_PAGE)).toBe(
      "https://secure.harbordesk.example/members/login/reset/?gspk=pk",
    );
    expect(addReferralParams("reset/?a=1#top", { gsxid: "x" }, TEST_CONFIG, APP_PAGE)).toBe(
      "https://secure.harbordesk.example/members/login/reset/?a=1&gsxid=x#top",
    );
  });

  it("relative links on a product page get the ids", () => {
    expect(
      addProductIds("/guide/", { hpid: "h" }, TEST_CONFIG, "https://docs.harbordesk.example/"),
    ).toBe("https://docs.harbordesk.example/guide/?hpid=h");
  });

  it.each([
    "/pricing/",
    "pricing/",
    "#top",
    "?a=1",
    "mailto:help@harbordesk.example",
    "http://[bad",
  ])("relative and other links on a marketing page are left alone: %s", (href) => {
    expect(addProductIds(href, { mxid: "m", hpid: "h" }, TEST_CONFIG, PAGE)).toBe(href);
    expect(addReferralParams(href, { gspk: "pk", gsxid: "x" }, TEST_CONFIG, PAGE)).toBe(href);
  });

  it("a link that already has everything comes back as written", () => {
    const href = "//secure.harbordesk.example/members/login/?gspk=own&gsxid=own";
    expect(addReferralParams(href, { gspk: "pk", gsxid: "x" }, TEST_CONFIG, PAGE)).toBe(href);
  });

  it("is idempotent", () => {
    const once = addReferralParams("/members/login/", { gspk: "pk" }, TEST_CONFIG, APP_PAGE);
    expect(addReferralParams(once, { gspk: "pk" }, TEST_CONFIG, APP_PAGE)).toBe(once);
  });
});

describe("links to a place in the page", () => {
  it.each(["#top", " #top"])("are left alone on an app page: %j", (href) => {
    const page = "https://secure.harbordesk.example/members/login/?gspk=pk";
    expect(addReferralParams(href, { gspk: "pk", gsxid: "x" }, TEST_CONFIG, page)).toBe(href);
    expect(
      addProductIds(href, { mxid: "m" }, TEST_CONFIG, "https://docs.harbordesk.example/"),
    ).toBe(href);
  });
});
