import { describe, expect, it } from "vitest";
import {
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  GA_FIELDS,
  GA_FIRST_SUFFIX,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  MISSING_FIELD_VALUE,
} from "./constants.ts";
import { encodeFirstTouch, encodeLastTouch } from "./encoding.ts";
import { gaFieldValues, hiddenFieldPrefill, signupPrefill } from "./signup.ts";
import type { CookieJar } from "./types.ts";
import { AttributionInputError } from "./values.ts";

const SIGNUP = "https://secure.harbordesk.example/members/register/plus/";

const cookies: CookieJar = {
  [LAST_TOUCH_COOKIE]: encodeLastTouch({
    source: "bing",
    medium: "organic",
    campaign: "(organic)",
    term: "inbox",
    content: "",
  }),
  [FIRST_TOUCH_COOKIE]: encodeFirstTouch({
    source: "x",
    medium: "social",
    campaign: "(social)",
    term: "",
    content: "",
  }),
  [FIRST_URL_COOKIE]: "/",
  [LAST_URL_COOKIE]: "/pricing/",
};

describe("signupPrefill", () => {
  it("maps reg, fn, ln, cn to email, fname, lname, company", () => {
    expect(
      signupPrefill(`${SIGNUP}?reg=ana%40example.com&fn=Ana&ln=L%C3%B3pez&cn=Acme+Co`),
    ).toEqual({
      email: "ana@example.com",
      fname: "Ana",
      lname: "López",
      company: "Acme Co",
    });
  });

  it("answers empty strings for missing values and malformed URLs", () => {
    const empty = { email: "", fname: "", lname: "", company: "" };
    expect(signupPrefill(SIGNUP)).toEqual(empty);
    expect(signupPrefill("::not a url::")).toEqual(empty);
  });

  it("throws a clear error for an undefined URL", () => {
    expect(() => signupPrefill(undefined as unknown as string)).toThrow(AttributionInputError);
    expect(() => signupPrefill(undefined as unknown as string)).toThrow(
      /signupPrefill: url is undefined/,
    );
  });
});

describe("gaFieldValues", () => {
  it("has every field and its _First variant", () => {
    const names = Object.keys(gaFieldValues(SIGNUP, {}));
    expect(names.sort()).toEqual(
      [...GA_FIELDS, ...GA_FIELDS.map((field) => `${field}${GA_FIRST_SUFFIX}`)].sort(),
    );
  });

  it("uses the cookies when the URL has no values", () => {
    expect(gaFieldValues(SIGNUP, cookies)).toEqual({
      GA_Source: "bing",
      GA_Medium: "organic",
      GA_Term: "inbox",
      GA_Campaign: "(organic)",
      GA_Content: MISSING_FIELD_VALUE,
      GA_Url: "/pricing/",
      GA_Source_First: "x",
      GA_Medium_First: "social",
      GA_Term_First: MISSING_FIELD_VALUE,
      GA_Campaign_First: "(social)",
      GA_Content_First: MISSING_FIELD_VALUE,
      GA_Url_First: "/",
    });
  });

  it("uses the URL's values (from a rewritten sign-up link) over the cookies, never mixing a touch", () => {
    const url = `${SIGNUP}?utm_source=news&utm_medium=email&last_touch_url=%2Fblog%2F&utm_first_source=google&first_touch_url=%2Flp%2F`;
    expect(gaFieldValues(url, cookies)).toEqual({
      GA_Source: "news",
      GA_Medium: "email",
      GA_Term: MISSING_FIELD_VALUE,
      GA_Campaign: MISSING_FIELD_VALUE,
      GA_Content: MISSING_FIELD_VALUE,
      GA_Url: "/blog/",
      GA_Source_First: "google",
      GA_Medium_First: MISSING_FIELD_VALUE,
      GA_Term_First: MISSING_FIELD_VALUE,
      GA_Campaign_First: MISSING_FIELD_VALUE,
      GA_Content_First: MISSING_FIELD_VALUE,
      GA_Url_First: "/lp/",
    });
  });

  it("applies the click-id defaults from the URL", () => {
    expect(gaFieldValues(`${SIGNUP}?gclid=1`, cookies)).toMatchObject({
      GA_Source: "google",
      GA_Medium: "cpc",
    });
  });

  it("answers - everywhere without any data", () => {
    expect(new Set(Object.values(gaFieldValues(SIGNUP, {})))).toEqual(
      new Set([MISSING_FIELD_VALUE]),
    );
  });

  it("throws a clear error for an undefined URL", () => {
    expect(() => gaFieldValues(undefined as unknown as string, cookies)).toThrow(
      /gaFieldValues: url is undefined/,
    );
  });
});

describe("hiddenFieldPrefill", () => {
  const url = `${SIGNUP}?utm_source=a&hs_persona=b&gclid=c&content_types=d%2Ce&gclid_extra=f&email=x`;

  it.each([
    ["utm_source", "a"],
    ["hs_persona", "b"],
    ["gclid", "c"],
    ["content_types", "d,e"],
    ["gclid_extra", "f"],
  ])("%s takes the same-named parameter", (name, value) => {
    expect(hiddenFieldPrefill(name, url)).toBe(value);
  });

  it.each(["email", "utm_medium", "firstname", "xutm_source"])("%s gets nothing", (name) => {
    expect(hiddenFieldPrefill(name, url)).toBeUndefined();
  });

  it("throws a clear error for an undefined URL", () => {
    expect(() => hiddenFieldPrefill("utm_source", undefined as unknown as string)).toThrow(
      /hiddenFieldPrefill: url is undefined/,
    );
  });
});
