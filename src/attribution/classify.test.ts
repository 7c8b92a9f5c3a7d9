import { describe, expect, it } from "vitest";
import { classifyStrings } from "./classify.ts";
import {
  CLICK_ID_DEFAULT_MEDIUM,
  CLICK_ID_DEFAULT_SOURCE,
  DIRECT_MEDIUM,
  DIRECT_SOURCE,
  ORGANIC_CAMPAIGN,
  ORGANIC_MEDIUM,
  REFERRAL_CAMPAIGN,
  REFERRAL_MEDIUM,
  SEARCH_ENGINES,
  SOCIAL_CAMPAIGN,
  SOCIAL_MEDIUM,
  SOCIAL_SITES,
  UTM_PARAMS,
} from "./constants.ts";
import { PAGE, TEST_CONFIG } from "./testing.ts";

const run = (url: string, referrer: string | null, hasLastTouch = false) =>
  classifyStrings({ url, referrer, hasLastTouch, config: TEST_CONFIG });

const touch = (
  fields: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>,
) => ({
  source: "",
  medium: "",
  campaign: "",
  term: "",
  content: "",
  ...fields,
});

describe("rule 1: campaign parameters", () => {
  it("uses every utm value from the URL", () => {
    const result = run(
      `${PAGE}?utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=help+desk&utm_content=hero`,
      null,
    );
    expect(result).toEqual({
      rule: "campaign",
      touch: touch({
        source: "news",
        medium: "email",
        campaign: "spring",
        term: "help desk",
        content: "hero",
      }),
    });
  });

  it.each(UTM_PARAMS)("any single %s makes it a campaign touch, other values empty", (param) => {
    const result = run(`${PAGE}?${param}=x`, null);
    const field = param.replace("utm_", "");
    expect(result?.rule).toBe("campaign");
    expect(result?.touch).toEqual(touch({ [field]: "x" }));
  });

  it("gclid alone defaults to google / cpc", () => {
    expect(run(`${PAGE}?gclid=abc123`, null)?.touch).toEqual(
      touch({ source: CLICK_ID_DEFAULT_SOURCE, medium: CLICK_ID_DEFAULT_MEDIUM }),
    );
  });

  it("gclid keeps the URL's own source, medium and campaign", () => {
    expect(
      run(`${PAGE}?gclid=abc&utm_source=bing&utm_medium=ppc&utm_campaign=c`, null)?.touch,
    ).toEqual(touch({ source: "bing", medium: "ppc", campaign: "c" }));
  });

  it("empty campaign parameters do not count", () => {
    expect(run(`${PAGE}?utm_source=&gclid=`, "https://www.google.com/")?.rule).toBe("search");
  });

  it.each([
    ["search engine", "https://www.google.com/search?q=x"],
    ["social site", "https://www.facebook.com/"],
    ["other site", "https://news.example.org/a"],
  ])("wins over a %s referrer", (_label, referrer) => {
    expect(run(`${PAGE}?utm_source=ads`, referrer, true)?.touch.source).toBe("ads");
  });
});

describe("rule 2: search engines", () => {
  const cases: [string, string, string][] = [
    ["google", "https://www.google.com/search?q=help+desk", "help desk"],
    ["google", "https://www.google.co.uk/search?q=shared%20inbox", "shared inbox"],
    ["google", "https://google.de/", ""],
    ["google", "https://www.google.com.au/url?q=kb", "kb"],
    ["bing", "https://www.bing.com/search?q=ticketing", "ticketing"],
    ["bing", "https://cn.bing.com/search?q=x", "x"],
    ["aol", "https://search.aol.com/aol/search?q=helpdesk", "helpdesk"],
    ["aol", "https://search.aol.co.uk/aol/search?query=helpdesk", "helpdesk"],
    ["yahoo", "https://search.yahoo.com/search?p=support+software", "support software"],
    ["yahoo", "https://search.yahoo.co.jp/search?p=%E3%83%98%E3%83%AB%E3%83%97", "ヘルプ"],
    ["ask", "https://www.ask.com/web?q=inbox", "inbox"],
    ["comcast", "https://search.comcast.net/?q=desk", "desk"],
    ["xfinity", "https://search.xfinity.com/search?q=desk", "desk"],
    [
      "yandex",
      "https://yandex.ru/search/?text=%D0%BF%D0%BE%D0%B4%D0%B4%D0%B5%D1%80%D0%B6%D0%BA%D0%B0",
      "поддержка",
    ],
    ["yandex", "https://yandex.com.tr/search/?text=destek", "destek"],
    ["baidu", "https://www.baidu.com/s?wd=%E5%AE%A2%E6%9C%8D", "客服"],
    ["baidu", "https://m.baidu.com/s?word=kefu", "kefu"],
  ];

  it.each(cases)("%s from %s → term %j", (engine, referrer, term) => {
    expect(run(PAGE, referrer, true)).toEqual({
      rule: "search",
      touch: touch({ source: engine, medium: ORGANIC_MEDIUM, campaign: ORGANIC_CAMPAIGN, term }),
    });
  });

  it("covers every listed engine", () => {
    expect(new Set(cases.map(([engine]) => engine))).toEqual(
      new Set(SEARCH_ENGINES.map((e) => e.name)),
    );
  });

  it.each([
    "https://googleads.example.com/",
    "https://notgoogle.com/",
    "https://google.evil.com/",
    "https://www.google.com.evil.net/",
  ])("look-alike host %s is a referral, not search", (referrer) => {
    expect(run(PAGE, referrer, true)?.rule).toBe("referral");
  });

  it("wins over the social rule and over direct", () => {
    expect(run(PAGE, "https://www.google.com/", false)?.rule).toBe("search");
  });
});

describe("rule 3: social sites", () => {
  const cases: [string, string][] = [
    ["facebook", "https://www.facebook.com/"],
    ["facebook", "https://l.facebook.com/l.php?u=x"],
    ["facebook", "https://m.facebook.com/story"],
    ["instagram", "https://l.instagram.com/"],
    ["linkedin", "https://www.linkedin.com/feed/"],
    ["linkedin", "https://lnkd.in/abc"],
    ["x", "https://t.co/xyz"],
    ["x", "https://x.com/harbordesk"],
    ["x", "https://twitter.com/harbordesk"],
    ["reddit", "https://old.reddit.com/r/sysadmin"],
    ["youtube", "https://www.youtube.com/watch?v=1"],
    ["youtube", "https://youtu.be/1"],
    ["pinterest", "https://www.pinterest.co.uk/pin/1"],
    ["pinterest", "https://pin.it/1"],
    ["tiktok", "https://www.tiktok.com/"],
    ["threads", "https://www.threads.net/"],
    ["bluesky", "https://bsky.app/profile/x"],
    ["mastodon", "https://mastodon.social/@x"],
    ["tumblr", "https://www.tumblr.com/"],
    ["quora", "https://www.quora.com/q"],
  ];

  it.each(cases)("%s from %s", (site, referrer) => {
    expect(run(PAGE, referrer, true)).toEqual({
      rule: "social",
      touch: touch({ source: site, medium: SOCIAL_MEDIUM, campaign: SOCIAL_CAMPAIGN }),
    });
  });

  it("covers every listed site", () => {
    expect(new Set(cases.map(([site]) => site))).toEqual(new Set(SOCIAL_SITES.map((s) => s.name)));
  });

  it("a look-alike host is a referral", () => {
    expect(run(PAGE, "https://notfacebook.com/", true)?.rule).toBe("referral");
  });
});

describe("rule 4: other external referrers", () => {
  it("source is the host, content the path", () => {
    expect(run(PAGE, "https://News.Example.org/best-help-desks/?ref=1#x", true)).toEqual({
      rule: "referral",
      touch: touch({
        source: "news.example.org",
        medium: REFERRAL_MEDIUM,
        campaign: REFERRAL_CAMPAIGN,
        content: "/best-help-desks/",
      }),
    });
  });

  it("product-owned hosts other than marketing and app hosts are external", () => {
    expect(run(PAGE, "https://docs.harbordesk.example/article", true)?.touch.source).toBe(
      "docs.harbordesk.example",
    );
  });

  it.each([
    "https://harbordesk.example/",
    "https://www.harbordesk.example/blog/",
    "https://secure.harbordesk.example/members/login/",
    "http://localhost:8000/x",
  ])("our own host %s is not external: no touch when a last touch exists", (referrer) => {
    expect(run(PAGE, referrer, true)).toBeNull();
  });

  it("the page's own host is not external even when not configured", () => {
    expect(
      run("https://preview.example.net/members/login/", "https://preview.example.net/", true),
    ).toBeNull();
  });
});

describe("rule 5: direct", () => {
  const direct = { rule: "direct", touch: touch({ source: DIRECT_SOURCE, medium: DIRECT_MEDIUM }) };

  it("applies without a last-touch cookie", () => {
    expect(run(PAGE, null, false)).toEqual(direct);
  });

  it("applies to an internal referrer without a last-touch cookie", () => {
    expect(run(PAGE, "https://www.harbordesk.example/", false)).toEqual(direct);
  });

  it("does not apply when a last-touch cookie exists", () => {
    expect(run(PAGE, null, true)).toBeNull();
  });

  it.each(["not a url", "android-app://com.google.android.gm/", "javascript:alert(1)", ""])(
    "a malformed or non-http referrer %j counts as none",
    (referrer) => {
      expect(run(PAGE, referrer, false)).toEqual(direct);
      expect(run(PAGE, referrer, true)).toBeNull();
    },
  );
});
