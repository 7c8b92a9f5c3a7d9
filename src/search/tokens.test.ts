import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countTermsInto,
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

  it("keeps an apostrophe between letters and a number's group commas inside the word, and drops them from its term", () => {
    expect(termsOf("Don't O’Reilly 1,900 10,000,000 the 90's")).toEqual([
      "dont",
      "oreilly",
      "1900",
      "10000000",
      "the",
      "90s",
    ]);
    // Anything else still splits: a list of numbers, quotes around a word, a trailing comma.
    expect(termsOf("12,34,56 'quoted' tickets, queues")).toEqual([
      "12",
      "34",
      "56",
      "quoted",
      "ticket",
      "queue",
    ]);
    expect(termOf("don't")).toBe("dont");
    expect(wordsOf("say don't")).toEqual([
      { word: "say", start: 0 },
      { word: "don't", start: 4 },
    ]);
  });

  it("gives the words as written, with where they start", () => {
    expect(wordsOf("Hi, Zoë!")).toEqual([
      { word: "Hi", start: 0 },
      { word: "Zoë", start: 4 },
    ]);
  });
});

describe("termsOf and countTermsInto", () => {
  /** termsOf's rule spelled out once, Unicode classes for every text: the reference. */
  const referenceTerms = (text: string) =>
    (
      foldWord(text).match(/\p{N}{1,3}(?:,\p{N}{3})+(?!\p{N})|[\p{L}\p{N}]+(?:['’]\p{L}+)*/gu) ?? []
    ).flatMap((word) => {
      const term = termOf(word);
      return term === null ? [] : [term];
    });

  // ASCII text takes a faster path than text with letters beyond it: both must agree with it.
  const piece = fc.constantFrom(
    "Ticket",
    "QUEUES",
    "policies",
    "a",
    "24",
    "x".repeat(MAX_TERM_LENGTH + 1),
    " ",
    "-",
    "_",
    "\u00a0",
    "\u2003",
    "é",
    "Résumé",
    "\u212a", // the Kelvin sign, which lower-cases to an ASCII "k"
    "İ",
    "ß",
    "·",
    "①",
    "'",
    "’",
    ",",
    "1",
    "900",
    "s",
  );

  it("finds the terms Unicode's letters and digits give, whether the text is ASCII or not", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const text = pieces.join("");
        expect(termsOf(text)).toEqual(referenceTerms(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("counts each term `times` over and answers how many terms the text has", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 20 }),
        fc.integer({ min: 1, max: 5 }),
        (pieces, times) => {
          const text = pieces.join("");
          const counts = new Map([["ticket", 1]]);
          const found = countTermsInto(counts, text, times);
          const terms = termsOf(text);
          expect(found).toBe(terms.length);
          const expected = new Map([["ticket", 1]]);
          for (const term of terms) expected.set(term, (expected.get(term) ?? 0) + times);
          expect(counts).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
