import { type ButtonStyle, buttonClassName } from "../ui/index.ts";
import { SmartLink } from "./smart-link.tsx";

export interface ButtonLinkProps extends ButtonStyle {
  href: string;
  children: string;
}

/** A link that looks like a button: client-side navigation for site paths, plain otherwise. */
export function ButtonLink({ href, children, variant, size, className }: ButtonLinkProps) {
  return (
    <SmartLink
      href={href}
      data-variant={variant ?? "primary"}
      data-size={size ?? "M"}
      className={buttonClassName({ variant, size, className })}
    >
      {children}
    </SmartLink>
  );
}
