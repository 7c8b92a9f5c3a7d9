import type { HTMLAttributes } from "react";

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
