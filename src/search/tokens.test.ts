import { describe, expect, it } from "vitest";
import {
  foldWord,
  MAX_TERM_LENGTH,
  MIN_TERM_LENGTH,
  stem,
  termOf,
  termsOf,
  wordsOf,
} from "./tokens.ts";

describe("stem", () => {
  it("folds plurals onto their singular by Harman's three rules", () => {
    expect(stem("policies")).toBe("policy");
    expect(stem("boxes")).toBe("boxe");
    expect(stem("box")).toBe("box");
    expect(stem("tickets")).toBe("ticket");
  });

  it("leaves the rules' exceptions and short words alone", () => {
    expect(stem("monkeies")).toBe("monkeie");
    expect(stem("agrees")).toBe("agree");
    expect(stem("status")).toBe("status");
    expect(stem("process")).toBe("process");
    expect(stem("its")).toBe("its");
  });
});

describe("foldWord", () => {
  it("lowers case and drops accents", () => {
    expect(foldWord("Résumé")).toBe("resume");
    expect(foldWord("NAÏVE")).toBe("naive");
    expect(foldWord("Straße")).toBe("straße");
  });
});

describe("termOf", () => {
  it("drops words shorter or longer than an index term may be", () => {
    expect(termOf("a".repeat(MIN_TERM_LENGTH - 1))).toBeNull();
    expect(termOf("a".repeat(MIN_TERM_LENGTH))).toBe("a".repeat(MIN_TERM_LENGTH));
    expect(termOf("b".repeat(MAX_TERM_LENGTH))).toBe("b".repeat(MAX_TERM_LENGTH));
    expect(termOf("b".repeat(MAX_TERM_LENGTH + 1))).toBeNull();
  });

  it("folds, then stems", () => {
    expect(termOf("Catégories")).toBe("category");
  });
});

describe("termsOf and wordsOf", () => {
  it("keeps repeats, in order, and splits on anything but letters and digits", () => {
    expect(termsOf("Tickets, ticket & a TICKET-queue (24/7)")).toEqual([
      "ticket",
      "ticket",
      "ticket",
      "queue",
      "24",
    ]);
  });

  it("gives the words as written, with where they start", () => {
    expect(wordsOf("Hi, Zoë!")).toEqual([
      { word: "Hi", start: 0 },
      { word: "Zoë", start: 4 },
    ]);
  });
});
