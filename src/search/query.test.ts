import { describe, expect, it } from "vitest";
import { inverseDocumentFrequency, type TermShard, WEIGHT_SCALE } from "./format.ts";
import { excerptOf, PREFIX_MATCH_FACTOR, queryTerms, rankPages } from "./query.ts";

/** One shard holding every term: rankPages only looks a query term's shard up. */
const ranked = (pages: number, terms: string[], shard: TermShard) =>
  rankPages(pages, terms, () => shard);
const order = (pages: number, terms: string[], shard: TermShard) =>
  ranked(pages, terms, shard).map(({ page }) => page);

describe("queryTerms", () => {
  it("gives the distinct index terms typed, in order", () => {
    expect(queryTerms("Tickets a ticket QUEUE tickets")).toEqual(["ticket", "queue"]);
    expect(queryTerms(" a ! ")).toEqual([]);
  });
});

describe("rankPages", () => {
  it("keeps only the pages that have every query term", () => {
    const shard = { ticket: [0, 100, 1, 100, 2, 100], queue: [1, 100, 3, 100] };
    expect(order(4, ["ticket", "queue"], shard)).toEqual([1]);
    expect(order(4, ["ticket", "missing"], shard)).toEqual([]);
  });

  it("scores idf × weight, summed over the query terms", () => {
    const shard = { ticket: [0, 150, 1, 100], queue: [0, 200] };
    const idf = (found: number) => inverseDocumentFrequency(10, found);
    expect(ranked(10, ["ticket", "queue"], shard)).toEqual([
      { page: 0, score: (idf(2) * 150) / WEIGHT_SCALE + (idf(1) * 200) / WEIGHT_SCALE },
    ]);
  });

  it("counts an exact match above a prefix match of the same weight", () => {
    const shard = { ticketing: [0, 100], ticket: [1, 100] };
    const scores = ranked(10, ["ticket"], shard);
    expect(scores.map(({ page }) => page)).toEqual([1, 0]);
    expect(scores[1]?.score).toBeCloseTo((scores[0]?.score ?? 0) * PREFIX_MATCH_FACTOR);
  });

  it("takes a page's best matching variant per query term instead of their sum", () => {
    // Page 0 has three variants of "ticket"; page 1 has the exact term, weighted a bit more.
    const shard = { ticket: [0, 100, 1, 120], ticketed: [0, 100], ticketing: [0, 100] };
    expect(order(10, ["ticket"], shard)).toEqual([1, 0]);
  });

  it("lets a rare term count more than a common one of the same weight", () => {
    // "ti" matches both; "tide" is on one page, "tile" on three.
    const shard = { tile: [0, 100, 1, 100, 2, 100], tide: [3, 100] };
    expect(order(4, ["ti"], shard)).toEqual([3, 0, 1, 2]);
    const [rare, common] = [ranked(4, ["tide"], shard), ranked(4, ["tile"], shard)];
    expect(rare[0]?.score).toBeGreaterThan(common[0]?.score ?? Number.POSITIVE_INFINITY);
  });

  it("breaks ties by page number, whatever the posting order", () => {
    expect(order(10, ["queue"], { queue: [7, 100, 2, 100, 5, 300] })).toEqual([5, 2, 7]);
  });

  it("finds nothing in a shard that is not there, or for no query term", () => {
    expect(rankPages(4, ["ticket"], () => undefined)).toEqual([]);
    expect(rankPages(4, [], () => ({ ticket: [0, 100] }))).toEqual([]);
  });

  it("does not take Object.prototype's keys for terms", () => {
    expect(order(4, ["constructor"], JSON.parse('{"queue":[0,100]}'))).toEqual([]);
  });
});

const words = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => `w${from + i}`).join(" ");

describe("excerptOf", () => {
  it("highlights the matching words, by exact term, plural or prefix", () => {
    expect(excerptOf("Our tickets queue: one Ticketing tool.", ["ticket"])).toEqual([
      { text: "Our ", highlighted: false },
      { text: "tickets", highlighted: true },
      { text: " queue: one ", highlighted: false },
      { text: "Ticketing", highlighted: true },
      { text: " tool.", highlighted: false },
    ]);
  });

  it("shows a window around the first match, with an ellipsis at each cut end", () => {
    const text = `${words(50)} target ${words(50, 51)}`;
    const parts = excerptOf(text, ["target"], 10);
    expect(parts).toEqual([
      { text: "… w48 w49 w50 ", highlighted: false },
      { text: "target", highlighted: true },
      { text: " w51 w52 w53 w54 w55 w56 …", highlighted: false },
    ]);
  });

  it("keeps the text's own ends whole, and slides the window back near the end", () => {
    expect(excerptOf(`  ${words(3)} target.`, ["target"], 10)).toEqual([
      { text: "w1 w2 w3 ", highlighted: false },
      { text: "target", highlighted: true },
      { text: ".", highlighted: false },
    ]);
    expect(excerptOf(`${words(20)} target!`, ["target"], 5)).toEqual([
      { text: "… w17 w18 w19 w20 ", highlighted: false },
      { text: "target", highlighted: true },
      { text: "!", highlighted: false },
    ]);
  });

  it("gives the first words when nothing matches", () => {
    expect(excerptOf(`${words(40)}.`, ["absent"], 4)).toEqual([
      { text: "w1 w2 w3 w4 …", highlighted: false },
    ]);
    expect(excerptOf("", ["absent"])).toEqual([]);
  });

  it("collapses whitespace as the page would render it", () => {
    expect(excerptOf("One\n\n  two\tthree", [])).toEqual([
      { text: "One two three", highlighted: false },
    ]);
  });

  it("keeps text that looks like HTML as text", () => {
    expect(excerptOf('<img src=x onerror="alert(1)"> &amp; <b>queue</b>', ["queue"])).toEqual([
      { text: '<img src=x onerror="alert(1)"> &amp; <b>', highlighted: false },
      { text: "queue", highlighted: true },
      { text: "</b>", highlighted: false },
    ]);
  });
});
