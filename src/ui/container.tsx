import type { HTMLAttributes } from "react";

export const CONTAINER_WIDTHS = {
  narrow: "max-w-3xl",
  default: "max-w-6xl",
  wide: "max-w-7xl",
} as const;
export type ContainerWidth = keyof typeof CONTAINER_WIDTHS;

/** Centres content with the site's gutters; every section sits in one. */
export function Container({
  width = "default",
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { width?: ContainerWidth }) {
  return (
    <div
      {...rest}
      className={["mx-auto w-full px-5 m:px-8", CONTAINER_WIDTHS[width], className]
        .filter(Boolean)
        .join(" ")}
    />
  );
}
