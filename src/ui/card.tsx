import type { HTMLAttributes } from "react";

export const CARD_TONES = {
  white: "bg-white border border-charcoal-tint",
  tint: "bg-slate-tint",
  highlight: "bg-white border-2 border-cobalt shadow-lg",
} as const;
export type CardTone = keyof typeof CARD_TONES;

/** Padding (`p-6`) and border of a white card (the default), each side, in CSS px. */
export const CARD_INSET_PX = 24 + 1;

/** A rounded panel that groups one thing: a feature, a plan, a resource. */
export function Card({
  tone = "white",
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { tone?: CardTone }) {
  return (
    <div
      {...rest}
      data-tone={tone}
      className={["rounded-2xl p-6", CARD_TONES[tone], className].filter(Boolean).join(" ")}
    />
  );
}
