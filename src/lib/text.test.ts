import { describe, expect, it } from "vitest";
import { HEADLINE_JOIN_MAX_WORD_LENGTH, NBSP } from "./constants.ts";
import { formatHeadline, joinLastTwoWords, keepProductNameUnbreakable, slugify } from "./text.ts";

describe("keepProductNameUnbreakable", () => {
  it("replaces the spaces inside the product name with non-breaking spaces", () => {
    expect(
      keepProductNameUnbreakable("Try Harbor Desk today. Harbor  Desk rocks", "Harbor Desk"),
    ).toBe(`Try Harbor${NBSP}Desk today. Harbor${NBSP}Desk rocks`);
  });

  it("leaves other text and one-word names alone", () => {
    expect(keepProductNameUnbreakable("Harbor and Desk", "Harbor Desk")).toBe("Harbor and Desk");
    expect(keepProductNameUnbreakable("Use Beacon now", "Beacon")).toBe("Use Beacon now");
  });

  it("treats regex characters in the name literally", () => {
    expect(keepProductNameUnbreakable("Try Desk (Pro) now", "Desk (Pro)")).toBe(
      `Try Desk${NBSP}(Pro) now`,
    );
  });
});

describe("joinLastTwoWords", () => {
  it("joins the last two words when both are at most 5 characters", () => {
    expect(joinLastTwoWords("Plans that grow with your team")).toBe(
      `Plans that grow with your${NBSP}team`,
    );
    const five = "a".repeat(HEADLINE_JOIN_MAX_WORD_LENGTH);
    expect(joinLastTwoWords(`Say ${five} ${five}`)).toBe(`Say ${five}${NBSP}${five}`);
  });

  it("does not join when either word is longer than 5 characters", () => {
    const six = "a".repeat(HEADLINE_JOIN_MAX_WORD_LENGTH + 1);
    expect(joinLastTwoWords(`Say hi ${six}`)).toBe(`Say hi ${six}`);
    expect(joinLastTwoWords(`Say ${six} hi`)).toBe(`Say ${six} hi`);
  });

  it("leaves one-word headlines and trailing whitespace intact", () => {
    expect(joinLastTwoWords("Pricing")).toBe("Pricing");
    expect(joinLastTwoWords("Go on now ")).toBe(`Go on${NBSP}now `);
  });

  it("counts a product name glued by non-breaking spaces as one long word", () => {
    expect(formatHeadline("Say hello to Harbor Desk", "Harbor Desk")).toBe(
      `Say hello to Harbor${NBSP}Desk`,
    );
    expect(formatHeadline("Meet Harbor Desk ok", "Harbor Desk")).toBe(`Meet Harbor${NBSP}Desk ok`);
    expect(formatHeadline("Harbor Desk is for you", "Harbor Desk")).toBe(
      `Harbor${NBSP}Desk is for${NBSP}you`,
    );
  });
});

describe("slugify", () => {
  it("lowercases, hyphenates and removes punctuation", () => {
    expect(slugify("What's new in Harbor Desk?")).toBe("whats-new-in-harbor-desk");
    expect(slugify("  AI, Features & More!  ")).toBe("ai-features-more");
    expect(slugify("Tomás Okafor")).toBe("tomas-okafor");
    expect(slugify("already-a-slug")).toBe("already-a-slug");
    expect(slugify("under_score  and--dashes")).toBe("under-score-and-dashes");
  });
});

describe("joinLastTwoWords read from the end", () => {
  // The rule as first written: a regular expression, slow on long text, clear to read.
  const byRegExp = (headline: string) => {
    const match = /^([\s\S]*?)([^ \t\r\n]+)[ \t\r\n]+([^ \t\r\n]+)([ \t\r\n]*)$/.exec(headline);
    if (!match) return headline;
    const [, before = "", secondLast = "", last = "", trailing = ""] = match;
    if (Math.max([...secondLast].length, [...last].length) > HEADLINE_JOIN_MAX_WORD_LENGTH) {
      return headline;
    }
    return `${before}${secondLast}${NBSP}${last}${trailing}`;
  };

  it("agrees with the regular expression on every mix of words, spaces and glued words", () => {
    const parts = ["a", "to", "queue", "handoffs", " ", "  ", "\t", "\n", NBSP, "é", "🙂"];
    let checked = 0;
    // Every headline of up to four parts: 11 + 121 + 1,331 + 14,641.
    const visit = (headline: string, depth: number) => {
      expect(joinLastTwoWords(headline), JSON.stringify(headline)).toBe(byRegExp(headline));
      checked += 1;
      if (depth < 4) for (const part of parts) visit(headline + part, depth + 1);
    };
    visit("", 0);
    expect(checked).toBe(16_105);
  });
});
