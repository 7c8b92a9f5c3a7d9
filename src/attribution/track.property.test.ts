import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_COOKIE_MAX_AGE_MS,
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  MAX_COOKIE_SIZE,
  PRODUCT_COOKIE_MAX_AGE_MS,
  REFERRAL_ID_COOKIE,
  SEARCH_ENGINES,
  SIGNUP_COOKIE,
  TEST_VARIATION_COOKIE,
} from "./constants.ts";
import {
  cleanTouch,
  encodeFirstTouch,
  encodeLastTouch,
  encodeSignup,
  parseFirstTouch,
  parseLastTouch,
  parsePath,
  parseSignup,
  parseText,
} from "./encoding.ts";
import {
  addProductIds,
  addReferralParams,
  readReferralParams,
  rewriteSignupHref,
} from "./links.ts";
import { gaFieldValues, hiddenFieldPrefill, signupPrefill } from "./signup.ts";
import { TEST_CONFIG } from "./testing.ts";
import { trackPageView } from "./track.ts";
import type { CookieJar, CookieWrite, Touch } from "./types.ts";

/*
 * Fuzzing the page-view path: random URLs, referrers and cookie strings must never throw, and
 * every cookie written must be cookie-safe, under the size limit and parse back.
 */

const NUM_RUNS = 2000;
const NOW = Date.UTC(2025, 0, 1);

// Anything at all, including lone surrogates, separators, percent signs and script text.
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 400 }),
  fc.constantFrom(
    "|",
    "=",
    "~~",
    "%",
    "%E0%A4%A",
    "\ud800",
    "<script>alert(1)</script>",
    ";",
    "é".repeat(300),
  ),
  fc
    .array(fc.constantFrom("a", "|", "=", "~", "%", " ", "ü", "客", "🚀", "\u0000", "%2"), {
      maxLength: 80,
    })
    .map((parts) => parts.join("")),
);

const touch: fc.Arbitrary<Touch> = fc.record({
  source: text,
  medium: text,
  campaign: text,
  term: text,
  content: text,
});

const host = fc.constantFrom(
  "www.harbordesk.example",
  "harbordesk.example",
  "secure.harbordesk.example",
  "docs.harbordesk.example",
  "localhost:8000",
  "127.0.0.1",
  "[::1]",
  "example.co.uk",
);
const path = fc.oneof(
  fc.constantFrom(
    "/",
    "/pricing/",
    "/members/login/",
    "/members/register/plus/",
    "/caf%C3%A9/",
    "/100%/",
    "/a;b,c/",
  ),
  fc.webPath(),
  text.map((value) => `/${value}`),
);
const queryParam = fc.tuple(
  fc.constantFrom(
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "gclid",
    "ref",
    "tvar",
    "promo",
    "gspk",
    "q",
    "x",
  ),
  text,
);
const query = fc.array(queryParam, { maxLength: 6 }).map((pairs) => {
  const search = new URLSearchParams();
  for (const [name, value] of pairs) search.append(name, value.replace(/[\ud800-\udfff]/g, ""));
  return search.toString();
});
const rawQuery = text.map((value) => `utm_source=${value}&gclid=${value}`);
const pageUrl = fc.oneof(
  fc
    .tuple(fc.constantFrom("https", "http"), host, path, fc.oneof(query, rawQuery))
    .map(
      ([scheme, authority, pathname, search]) => `${scheme}://${authority}${pathname}?${search}`,
    ),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  text,
);
const searchReferrer = fc
  .tuple(
    fc.constantFrom(...SEARCH_ENGINES.map((engine) => engine.name)),
    fc.constantFrom("com", "co.uk", "de", "com.au"),
    text,
  )
  .map(
    ([name, tld, term]) =>
      `https://www.${name}.${tld}/search?q=${encodeURIComponent(term.replace(/[\ud800-\udfff]/g, ""))}`,
  );
const referrer = fc.oneof(
  fc.constant(""),
  fc.webUrl({ withQueryParameters: true }),
  searchReferrer,
  fc.constantFrom(
    "https://t.co/x",
    "https://www.harbordesk.example/",
    "android-app://x",
    "http://[bad",
  ),
  text,
);

const lastTouchCookie = fc.oneof(
  touch.map(encodeLastTouch),
  touch.map((t) => encodeLastTouch(t).slice(0, 30)),
  text,
);
const firstTouchCookie = fc.oneof(
  touch.map(encodeFirstTouch),
  touch.map((t) => encodeFirstTouch(t).replace(/~~/g, "|")),
  text,
);
const signupCookie = fc.oneof(
  fc
    .record({
      utm_source: text,
      utm_first_source: text,
      utm_campaign: text,
      utm_first_campaign: text,
      utm_medium: text,
      utm_first_medium: text,
      last_touch_url: path,
      first_touch_url: path,
      referrer: text,
    })
    .map(encodeSignup),
  fc.json().map(encodeURIComponent),
  text,
);
const cookies: fc.Arbitrary<CookieJar> = fc.record(
  {
    [LAST_TOUCH_COOKIE]: lastTouchCookie,
    [FIRST_TOUCH_COOKIE]: firstTouchCookie,
    [FIRST_URL_COOKIE]: fc.oneof(path, text),
    [LAST_URL_COOKIE]: fc.oneof(path, text),
    [SIGNUP_COOKIE]: signupCookie,
    [REFERRAL_ID_COOKIE]: text,
    [TEST_VARIATION_COOKIE]: text,
    gspk: text,
  },
  { requiredKeys: [] },
);

const PARSERS: Record<string, (raw: string) => unknown> = {
  [LAST_TOUCH_COOKIE]: parseLastTouch,
  [FIRST_TOUCH_COOKIE]: parseFirstTouch,
  [FIRST_URL_COOKIE]: parsePath,
  [LAST_URL_COOKIE]: parsePath,
  [SIGNUP_COOKIE]: parseSignup,
  [REFERRAL_ID_COOKIE]: parseText,
  [TEST_VARIATION_COOKIE]: parseText,
};
const COOKIE_OCTETS = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

function expectWellFormed(write: CookieWrite): void {
  expect(write.value).toMatch(COOKIE_OCTETS);
  expect(write.name.length + 1 + write.value.length).toBeLessThanOrEqual(MAX_COOKIE_SIZE);
  expect(write).toMatchObject({ path: "/", sameSite: "Strict" });
  const maxAge =
    write.name === REFERRAL_ID_COOKIE || write.name === TEST_VARIATION_COOKIE
      ? PRODUCT_COOKIE_MAX_AGE_MS
      : ATTRIBUTION_COOKIE_MAX_AGE_MS;
  expect(write.expires.getTime()).toBe(NOW + maxAge);
  const parse = PARSERS[write.name];
  expect(parse, `no parser for ${write.name}`).toBeDefined();
  const parsed = parse?.(write.value);
  expect(parsed, `${write.name}=${write.value} does not parse back`).not.toBeNull();
}

describe("the page-view path under random input", () => {
  it("never throws and writes only well-formed cookies that parse back", () => {
    fc.assert(
      fc.property(pageUrl, referrer, cookies, (url, ref, jar) => {
        const result = trackPageView({
          url,
          referrer: ref,
          cookies: jar,
          now: NOW,
          config: TEST_CONFIG,
        });
        for (const write of result.writes) expectWellFormed(write);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("keeps the first touch once set, over a whole random session", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pageUrl, referrer), { minLength: 1, maxLength: 8 }),
        (visits) => {
          let jar: Record<string, string> = {};
          let firstTouch: string | undefined;
          let firstUrl: string | undefined;
          for (const [url, ref] of visits) {
            const result = trackPageView({
              url,
              referrer: ref,
              cookies: jar,
              now: NOW,
              config: TEST_CONFIG,
            });
            for (const write of result.writes) jar = { ...jar, [write.name]: write.value };
            firstTouch ??= jar[FIRST_TOUCH_COOKIE];
            firstUrl ??= jar[FIRST_URL_COOKIE];
            expect(jar[FIRST_TOUCH_COOKIE]).toBe(firstTouch);
            expect(jar[FIRST_URL_COOKIE]).toBe(firstUrl);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("link rewriting and the sign-up helpers never throw on random input", () => {
    fc.assert(
      fc.property(pageUrl, fc.oneof(pageUrl, text), cookies, text, (page, href, jar, name) => {
        const rewritten = rewriteSignupHref(href, {
          pageUrl: page,
          cookies: jar,
          config: TEST_CONFIG,
        });
        expect(typeof rewritten).toBe("string");
        addProductIds(rewritten, { mxid: name, hpid: name }, TEST_CONFIG);
        addReferralParams(rewritten, readReferralParams(page, jar), TEST_CONFIG);
        expect(Object.keys(gaFieldValues(page, jar))).toHaveLength(12);
        signupPrefill(page);
        hiddenFieldPrefill(name, page);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe("cookie encodings round-trip any value", () => {
  it("last touch", () => {
    fc.assert(
      fc.property(touch, (value) => {
        expect(parseLastTouch(encodeLastTouch(value))).toEqual(cleanTouch(value));
      }),
    );
  });

  it("first touch", () => {
    fc.assert(
      fc.property(touch, (value) => {
        expect(parseFirstTouch(encodeFirstTouch(value))).toEqual(cleanTouch(value));
      }),
    );
  });
});
