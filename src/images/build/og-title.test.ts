import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { titleWidth, wrapTitle } from "./og-title.ts";

const squeezed = (text: string) => text.replace(/\s+/g, "");

describe("an Open Graph card's title lines", () => {
  it("break between words, by width: narrow letters fit more to a line than capitals and digits", () => {
    const narrow = wrapTitle("fill in this list till it is full", 14, 3);
    expect(narrow).toEqual({ lines: ["fill in this list till it is full"], cut: false });
    const wide = wrapTitle("WMW 1016 MWM 2048 WWM", 14, 3);
    expect(wide.lines.length).toBeGreaterThan(1);
    for (const line of wide.lines) expect(titleWidth(line)).toBeLessThanOrEqual(14);
  });

  it("end in an ellipsis on the last line when the title does not fit", () => {
    const { lines, cut } = wrapTitle(
      "one two three four five six seven eight nine ten eleven twelve thirteen",
      6,
      3,
    );
    expect(cut).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    expect(titleWidth(lines[2] as string)).toBeLessThanOrEqual(6);
  });

  it("break a word wider than a line, and count accented letters as their letters", () => {
    expect(wrapTitle("Supercalifragilisticexpialidocious", 6, 9).lines.join("")).toBe(
      "Supercalifragilisticexpialidocious",
    );
    expect(titleWidth("é")).toBe(titleWidth("e"));
    // Outside the measured face: a full em, the widest a Latin glyph gets.
    expect(titleWidth("漢")).toBe(1);
  });

  it("never run wider than the line, keep every character in order, and stop at the line limit", () => {
    const word = fc
      .array(fc.constantFrom("W", "m", "i", "1", "é", "—", "l", "Q", "漢", "😀", "&"), {
        minLength: 1,
        maxLength: 24,
      })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 4, max: 20 }),
        fc.integer({ min: 1, max: 4 }),
        (words, width, maxLines) => {
          const title = words.join(" ");
          const { lines, cut } = wrapTitle(title, width, maxLines);
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          for (const line of lines) expect(titleWidth(line)).toBeLessThanOrEqual(width);
          const kept = squeezed(lines.join(""));
          if (cut) {
            expect(kept.endsWith("…")).toBe(true);
            expect(squeezed(title).startsWith(kept.slice(0, -1))).toBe(true);
          } else {
            expect(kept).toBe(squeezed(title));
          }
        },
      ),
    );
  });

  it("are measured as their characters' widths added in order, whatever the characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        const oneByOne = Array.from(text).reduce((width, char) => width + titleWidth(char), 0);
        expect(titleWidth(text)).toBe(oneByOne);
      }),
    );
  });
});
