import { describe, expect, it } from "vitest";
import { BREAKPOINTS } from "./breakpoints.ts";
import { cardImageSizes, GRID_COLUMNS, type GridColumns } from "./grid.tsx";

/** What the Grid's class literals say: from which breakpoint how many columns, widest first. */
function columnsByBreakpoint(columns: GridColumns): { from: number; count: number }[] {
  return GRID_COLUMNS[columns]
    .split(" ")
    .flatMap((name) => {
      const match = /^(\w+):grid-cols-(\d+)$/.exec(name);
      if (!match) return [];
      const from = BREAKPOINTS[(match[1] as string).toUpperCase() as keyof typeof BREAKPOINTS];
      return [{ from, count: Number(match[2]) }];
    })
    .sort((a, b) => b.from - a.from);
}

describe("cardImageSizes", () => {
  it("says a phone's column less the page gutters and the card's padding and border", () => {
    expect(cardImageSizes(1)).toBe("calc(100vw - 90px)");
  });

  it.each([2, 3, 4] as const)("follows the %i-column Grid's own breakpoints", (columns) => {
    const expected = columnsByBreakpoint(columns).map(
      ({ from, count }) => `(min-width: ${from}px) ${Math.floor(100 / count)}vw`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(cardImageSizes(columns)).toBe([...expected, "calc(100vw - 90px)"].join(", "));
  });
});
