import type { ButtonHTMLAttributes } from "react";

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

export const BUTTON_SIZES = {
  S: "min-h-8 px-3 text-sm",
  M: "min-h-10 px-5 text-base",
  L: "min-h-12 px-7 text-lg",
} as const;

/**
 * The same variants on a dark band (charcoal or cobalt behind): outline turns white so it
 * stays visible; the others already carry their own background.
 */
export const BUTTON_VARIANTS_ON_DARK = {
  primary: "bg-cobalt text-white hover:bg-white hover:text-cobalt",
  secondary: "bg-white text-charcoal hover:bg-slate-tint",
  outline: "border-2 border-white bg-transparent text-white hover:bg-white hover:text-charcoal",
  warning: "bg-clay text-white hover:bg-white hover:text-clay",
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold no-underline " +
  "transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-cobalt disabled:cursor-not-allowed disabled:opacity-60";

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** "dark" when the button sits on a dark background. */
  surface?: "light" | "dark";
  className?: string;
}

export function buttonClassName({
  variant = "primary",
  size = "M",
  surface = "light",
  className,
}: ButtonStyle = {}) {
  const variants = surface === "dark" ? BUTTON_VARIANTS_ON_DARK : BUTTON_VARIANTS;
  return [BASE, variants[variant], BUTTON_SIZES[size], className].filter(Boolean).join(" ");
}

export interface ButtonProps
  extends ButtonHTMLAttributes<HTMLButtonElement>,
    Omit<ButtonStyle, "className"> {}

export function Button({
  variant,
  size,
  surface,
  className,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      data-variant={variant ?? "primary"}
      data-size={size ?? "M"}
      className={buttonClassName({ variant, size, surface, className })}
    />
  );
}
