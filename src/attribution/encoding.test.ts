import { describe, expect, it } from "vitest";
import { MAX_ENCODED_VALUE_LENGTH } from "./constants.ts";
import {
  encodeFirstTouch,
  encodeLastTouch,
  encodePath,
  encodeSignup,
  encodeText,
  parseFirstTouch,
  parseLastTouch,
  parsePath,
  parseSignup,
  parseText,
  readCookieValue,
} from "./encoding.ts";
import type { SignupData, Touch } from "./types.ts";

const touch: Touch = {
  source: "google",
  medium: "cpc",
  campaign: "spring",
  term: "help desk",
  content: "ad-1",
};

const trickyValues = [
  "a|b",
  "utmccn=evil",
  "x~~y",
  "~",
  "~~~",
  "two words",
  " padded ",
  "ünïcødé",
  "客服软件",
  "emoji 🚀",
  "100%",
  "%41",
  "a+b",
  `<script>alert("x")</script>`,
  'semi;colon,comma"quote\\slash',
];

/** Writes `value` into every field, checks the separator count, and reads it back. */
function expectRoundTrip(
  encode: (touch: Touch) => string,
  parse: (raw: string) => Touch | null,
  separator: string,
  value: string,
): void {
  const encoded = encode({
    source: value,
    medium: value,
    campaign: value,
    term: value,
    content: value,
  });
  expect(encoded.split(separator)).toHaveLength(5);
  const expected = value.trim();
  expect(parse(encoded)).toEqual({
    source: expected,
    medium: expected,
    campaign: expected,
    term: expected,
    content: expected,
  });
}

describe("last touch: utmcsr=…|utmccn=…|utmcmd=…|utmctr=…|utmcct=…", () => {
  it("has the documented shape", () => {
    expect(encodeLastTouch(touch)).toBe(
      "utmcsr=google|utmccn=spring|utmcmd=cpc|utmctr=help%20desk|utmcct=ad-1",
    );
  });

  it("writes absent values empty", () => {
    expect(
      encodeLastTouch({
        source: "(direct)",
        medium: "(none)",
        campaign: "",
        term: "",
        content: "",
      }),
    ).toBe("utmcsr=%28direct%29|utmccn=|utmcmd=%28none%29|utmctr=|utmcct=");
  });

  it.each(trickyValues)("round-trips %j in every field", (value) => {
    expectRoundTrip(encodeLastTouch, parseLastTouch, "|", value);
  });

  it("accepts the codes in any order", () => {
    expect(
      parseLastTouch("utmcct=ad-1|utmctr=help%20desk|utmcmd=cpc|utmccn=spring|utmcsr=google"),
    ).toEqual(touch);
  });

  it.each([
    ["empty", ""],
    ["truncated", "utmcsr=google|utmccn=spring|utmcmd=cpc|utmctr=help"],
    ["wrong separator", "utmcsr=google;utmccn=spring;utmcmd=cpc;utmctr=;utmcct="],
    ["first-touch format", "google~~cpc~~~~spring~~"],
    ["missing equals", "utmcsr|utmccn=|utmcmd=|utmctr=|utmcct="],
    ["unknown code", "utmcsr=a|utmccn=|utmcmd=|utmctr=|utmxxx="],
    ["repeated code", "utmcsr=a|utmcsr=b|utmcmd=|utmctr=|utmcct="],
    ["invalid percent-encoding", "utmcsr=%E0%A4%A|utmccn=|utmcmd=|utmctr=|utmcct="],
    ["raw separator in a value", "utmcsr=a=b|utmccn=|utmcmd=|utmctr=|utmcct="],
    ["script text", "<script>alert(1)</script>"],
    ["oversized", `utmcsr=${"a".repeat(10_000)}|utmccn=|utmcmd=|utmctr=|utmcct=`],
  ])("parses %s input to null", (_label, raw) => {
    expect(parseLastTouch(raw)).toBeNull();
  });

  it("parses undefined to null", () => {
    expect(parseLastTouch(undefined)).toBeNull();
  });
});

describe("first touch: source~~medium~~term~~campaign~~content", () => {
  it("has the documented shape and order", () => {
    expect(encodeFirstTouch(touch)).toBe("google~~cpc~~help%20desk~~spring~~ad-1");
  });

  it.each(trickyValues)("round-trips %j in every field", (value) => {
    expectRoundTrip(encodeFirstTouch, parseFirstTouch, "~~", value);
  });

  it.each([
    ["empty", ""],
    ["truncated", "google~~cpc~~help"],
    ["wrong separator", "google~cpc~help~spring~ad"],
    ["too many parts", "a~~b~~c~~d~~e~~f"],
    ["raw tilde in a value", "goo~gle~~cpc~~~~spring~~"],
    ["invalid percent-encoding", "%ZZ~~cpc~~~~spring~~"],
    ["last-touch format", "utmcsr=google|utmccn=spring|utmcmd=cpc|utmctr=|utmcct="],
  ])("parses %s input to null", (_label, raw) => {
    expect(parseFirstTouch(raw)).toBeNull();
  });
});

describe("values are capped", () => {
  it("by their percent-encoded length, on whole characters", () => {
    const long = encodeLastTouch({ ...touch, source: "é".repeat(500) });
    const source = parseLastTouch(long)?.source ?? "";
    expect(encodeURIComponent(source).length).toBeLessThanOrEqual(MAX_ENCODED_VALUE_LENGTH);
    expect(source).toMatch(/^é+$/);
    expect(source.length).toBe(Math.floor(MAX_ENCODED_VALUE_LENGTH / 6));
  });
});

describe("sign-up JSON", () => {
  const data: SignupData = {
    utm_source: "google",
    utm_first_source: "(direct)",
    utm_campaign: "a|b=c",
    utm_first_campaign: "x~~y",
    utm_medium: "cpc",
    utm_first_medium: "(none)",
    last_touch_url: "/pricing/",
    first_touch_url: "/",
    referrer: "https://www.google.com/",
  };

  it("is percent-encoded JSON with every key", () => {
    const encoded = encodeSignup(data);
    expect(encoded).toMatch(/^[A-Za-z0-9._%-]+$/);
    expect(JSON.parse(decodeURIComponent(encoded))).toEqual(data);
  });

  it.each(trickyValues)("round-trips %j", (value) => {
    const tricky = { ...data, utm_source: value, referrer: value };
    expect(parseSignup(encodeSignup(tricky))).toEqual({
      ...tricky,
      utm_source: value.trim(),
      referrer: value.trim(),
    });
  });

  it.each([
    ["not JSON", "%7Bnope"],
    ["an array", encodeURIComponent("[]")],
    ["a missing key", encodeURIComponent(JSON.stringify({ ...data, referrer: undefined }))],
    ["a non-string value", encodeURIComponent(JSON.stringify({ ...data, utm_source: 1 }))],
    ["invalid percent-encoding", "%E0%A4%A"],
    ["raw JSON (not encoded)", JSON.stringify(data)],
  ])("parses %s to null", (_label, raw) => {
    expect(parseSignup(raw)).toBeNull();
  });
});

describe("text and path values", () => {
  it.each(trickyValues)("text round-trips %j", (value) => {
    expect(parseText(encodeText(value))).toBe(value.trim());
  });

  it.each([
    ["/pricing/", "/pricing/"],
    ["/a;b,c/", "/a%3Bb%2Cc/"],
    ["/caf%C3%A9/", "/caf%C3%A9/"],
    ["/café/", "/caf%C3%A9/"],
    ["/100%/", "/100%25/"],
  ])("path %j is stored as %j and parses back", (path, stored) => {
    expect(encodePath(path)).toBe(stored);
    expect(parsePath(stored)).toBe(stored);
  });

  it.each(["pricing", "/a b", "/a;b", "/bad%zz", ""])("path %j does not parse", (raw) => {
    expect(parsePath(raw)).toBeNull();
  });

  it("caps long paths without splitting an escape", () => {
    const stored = encodePath(`/${"é".repeat(200)}`);
    expect(parsePath(stored)).toBe(stored);
    expect(stored).toMatch(/^\/(%C3%A9)+$/);
  });
});

describe("readCookieValue", () => {
  it("answers parsed JSON", () => {
    expect(readCookieValue('{"a":1}')).toEqual({ a: 1 });
  });

  it("answers parsed JSON for the percent-encoded sign-up cookie", () => {
    expect(readCookieValue(encodeSignup({ ...emptySignup(), utm_source: "x" }))).toMatchObject({
      utm_source: "x",
    });
  });

  it.each(["utmcsr=a%7Cb|utmccn=|utmcmd=|utmctr=|utmcct=", "abc", "%E0%A4%A", "/pricing/"])(
    "answers the raw string %j when it is not JSON",
    (raw) => {
      expect(readCookieValue(raw)).toBe(raw);
    },
  );

  it("answers undefined for no value", () => {
    expect(readCookieValue(undefined)).toBeUndefined();
  });
});

function emptySignup(): SignupData {
  return {
    utm_source: "",
    utm_first_source: "",
    utm_campaign: "",
    utm_first_campaign: "",
    utm_medium: "",
    utm_first_medium: "",
    last_touch_url: "",
    first_touch_url: "",
    referrer: "",
  };
}

describe("path capping keeps whole characters", () => {
  it.each(["🚀", "é", "客", "a"])("with %s repeated past the cap", (char) => {
    for (let prefix = 0; prefix < 4; prefix++) {
      const stored = encodePath(`/${"x".repeat(prefix)}${char.repeat(100)}`);
      expect(() => decodeURIComponent(stored)).not.toThrow();
      expect(parsePath(stored)).toBe(stored);
    }
  });
});

describe("the sign-up cookie's worst case", () => {
  it("stays under the 4096-byte cookie limit with every value at its cap", () => {
    const worst = '"'.repeat(1000); // JSON-escaped and percent-encoded: the most bytes per character
    const worstPath = `/${"é".repeat(1000)}`;
    const encoded = encodeSignup({
      utm_source: worst,
      utm_first_source: worst,
      utm_campaign: worst,
      utm_first_campaign: worst,
      utm_medium: worst,
      utm_first_medium: worst,
      last_touch_url: worstPath,
      first_touch_url: worstPath,
      referrer: worst,
    });
    expect(`attr_signup=${encoded}`.length).toBeLessThanOrEqual(4096);
    expect(parseSignup(encoded)?.utm_source).toBe('"'.repeat(MAX_ENCODED_VALUE_LENGTH / 3));
  });
});
