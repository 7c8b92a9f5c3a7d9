/**
 * Button styles, declared once (spec §9: sizes S, M, L; variants primary, secondary,
 * outline, warning). `buttonClassName` lets links look like buttons without a second list.
 * Class names are complete literals so Tailwind's scanner sees every one.
 */
export const BUTTON_VARIANTS = {
  primary: "bg-cobalt text-white hover:bg-charcoal",
  secondary: "bg-charcoal text-white hover:bg-slate",
  outline: "border-2 border-current bg-white text-cobalt hover:bg-slate-tint",
  warning: "bg-clay text-white hover:bg-charcoal",
} as const;

/**
 * The vertical padding matters only when a label wraps on a narrow screen: a line of text
 * plus it, plus an outline button's 2 px borders, stays within the minimum height (20 + 8 + 4
 * = 32, 24 + 12 + 4 = 40, 28 + 16 + 4 = 48), and wrapped lines keep off the rounded edges.
 */
export const BUTTON_SIZES = {
  S: "min-h-8 px-3 py-1 text-sm",
  M: "min-h-10 px-5 py-1.5 text-base",
  L: "min-h-12 px-7 py-2 text-lg",
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold no-underline " +
  "transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-cobalt disabled:cursor-not-allowed disabled:opacity-60";

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * The variant's colours: BUTTON_VARIANTS by default; button-on-dark.ts passes the on-dark
   * set (kept apart so the header, which ships on every page, does not carry it).
   */
  variants?: Readonly<Record<ButtonVariant, string>>;
  className?: string;
}

export function buttonClassName({
  variant = "primary",
  size = "M",
  variants = BUTTON_VARIANTS,
  className,
}: ButtonStyle = {}) {
  return [BASE, variants[variant], BUTTON_SIZES[size], className].filter(Boolean).join(" ");
}
