import type { ButtonVariant } from "./button.tsx";

/**
 * The same variants on a dark band (charcoal or cobalt behind): outline turns white so it
 * stays visible; the others already carry their own background.
 */
export const BUTTON_VARIANTS_ON_DARK: Readonly<Record<ButtonVariant, string>> = {
  primary: "bg-cobalt text-white hover:bg-white hover:text-cobalt",
  secondary: "bg-white text-charcoal hover:bg-slate-tint",
  outline: "border-2 border-white bg-transparent text-white hover:bg-white hover:text-charcoal",
  warning: "bg-clay text-white hover:bg-white hover:text-clay",
};
