import { describe, expect, it } from "vitest";
import { excerptParts } from "./search-excerpt.ts";

describe("excerptParts", () => {
  it("splits an excerpt into plain and highlighted text", () => {
    expect(excerptParts("Track <mark>deflection</mark> weekly &amp; <mark>CSAT</mark>.")).toEqual([
      { text: "Track ", highlighted: false },
      { text: "deflection", highlighted: true },
      { text: " weekly & ", highlighted: false },
      { text: "CSAT", highlighted: true },
      { text: ".", highlighted: false },
    ]);
  });

  it("drops any other markup instead of rendering it", () => {
    expect(excerptParts('<img src=x onerror="alert(1)">a &lt;b&gt;')).toEqual([
      { text: "a <b>", highlighted: false },
    ]);
  });
});
