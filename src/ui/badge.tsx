import type { HTMLAttributes } from "react";

/**
 * Badge styles, declared once (spec §9: thirteen colours, sizes XS, S, M). Every pairing keeps
 * a text contrast of at least 4.5:1; tints carry charcoal text.
 */
export const BADGE_COLORS = {
  charcoal: "bg-charcoal text-white",
  "charcoal-tint": "bg-charcoal-tint text-charcoal",
  clay: "bg-clay text-white",
  "clay-tint": "bg-clay-tint text-charcoal",
  cobalt: "bg-cobalt text-white",
  green: "bg-green text-white",
  magenta: "bg-magenta text-white",
  orange: "bg-orange text-white",
  purple: "bg-purple text-white",
  red: "bg-red text-white",
  slate: "bg-slate text-white",
  "slate-tint": "bg-slate-tint text-charcoal",
  yellow: "bg-yellow text-charcoal",
} as const;

export const BADGE_SIZES = {
  XS: "px-1.5 text-[0.6875rem] leading-4",
  S: "px-2 text-xs leading-5",
  M: "px-2.5 text-sm leading-6",
} as const;

export type BadgeColor = keyof typeof BADGE_COLORS;
export type BadgeSize = keyof typeof BADGE_SIZES;

export interface BadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, "color"> {
  color?: BadgeColor;
  size?: BadgeSize;
}

export function Badge({ color = "charcoal", size = "S", className, ...rest }: BadgeProps) {
  return (
    <span
      {...rest}
      data-color={color}
      data-size={size}
      className={[
        "inline-flex items-center rounded-full font-semibold tracking-wide whitespace-nowrap",
        BADGE_COLORS[color],
        BADGE_SIZES[size],
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    />
  );
}
