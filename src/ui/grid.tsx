import type { HTMLAttributes } from "react";
import { PAGE_GUTTER_PX } from "../images/index.ts";
import { BREAKPOINTS } from "./breakpoints.ts";
import { CARD_INSET_PX } from "./card.tsx";

/** Column counts as complete class literals so the CSS build sees each one. */
export const GRID_COLUMNS = {
  1: "grid-cols-1",
  2: "grid-cols-1 m:grid-cols-2",
  3: "grid-cols-1 m:grid-cols-2 l:grid-cols-3",
  4: "grid-cols-1 s:grid-cols-2 l:grid-cols-4",
} as const;
export type GridColumns = keyof typeof GRID_COLUMNS;

/** A responsive grid: one column on phones, `columns` on wide screens. */
export function Grid({
  columns = 3,
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { columns?: GridColumns }) {
  return (
    <div
      {...rest}
      className={["grid gap-6", GRID_COLUMNS[columns], className].filter(Boolean).join(" ")}
    />
  );
}

/** Where a Grid of each column count leaves one column, and the viewport share a column takes. */
const COLUMN_SHARES: Record<GridColumns, readonly { from: number; vw: number }[]> = {
  1: [],
  2: [{ from: BREAKPOINTS.M, vw: 50 }],
  3: [
    { from: BREAKPOINTS.L, vw: 33 },
    { from: BREAKPOINTS.M, vw: 50 },
  ],
  4: [
    { from: BREAKPOINTS.L, vw: 25 },
    { from: BREAKPOINTS.S, vw: 50 },
  ],
};

/**
 * The `sizes` of an image filling a Card in a Grid of `columns`: on a phone the column less
 * the card's insets, else the viewport's share of a column (a little more than the card shows,
 * which only costs bytes). The image's own `sizes` say the whole column, so a phone at 1.75x
 * took the next variant up for a card 50 px narrower.
 */
export function cardImageSizes(columns: GridColumns): string {
  const phone = `calc(100vw - ${2 * PAGE_GUTTER_PX + 2 * CARD_INSET_PX}px)`;
  return [
    ...COLUMN_SHARES[columns].map(({ from, vw }) => `(min-width: ${from}px) ${vw}vw`),
    phone,
  ].join(", ");
}
