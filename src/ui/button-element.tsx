import type { ButtonHTMLAttributes } from "react";
import { type ButtonStyle, buttonClassName } from "./button.tsx";

/**
 * The `<button>` with the design system's styles. Its own file: the shell needs only
 * `buttonClassName`, so this stays out of the shared runtime chunk (vite.config.ts).
 */
export interface ButtonProps
  extends ButtonHTMLAttributes<HTMLButtonElement>,
    Omit<ButtonStyle, "className"> {}

export function Button({
  variant,
  size,
  variants,
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
      className={buttonClassName({ variant, size, variants, className })}
    />
  );
}
