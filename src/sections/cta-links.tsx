import type { Cta } from "../content/index.ts";
import { SmartLink } from "../shell/index.ts";
import { BUTTON_VARIANTS_ON_DARK, type ButtonSize, buttonClassName } from "../ui/index.ts";

/** A call to action as a button-styled link: client-side for site paths, plain otherwise. */
export function CtaLink({
  cta,
  fallbackVariant,
  size = "L",
  inverse = false,
}: {
  cta: Cta;
  fallbackVariant: "primary" | "outline";
  size?: ButtonSize;
  /** On a dark band the buttons take their on-dark colours. */
  inverse?: boolean;
}) {
  const variant = cta.variant ?? fallbackVariant;
  const className = buttonClassName({
    variant,
    size,
    ...(inverse ? { variants: BUTTON_VARIANTS_ON_DARK } : {}),
  });
  return (
    <SmartLink href={cta.href} className={className} data-variant={variant}>
      {cta.label}
    </SmartLink>
  );
}

/** A row of calls to action: the first primary, the rest outline unless they say otherwise. */
export function CtaRow({
  ctas,
  className,
  inverse,
  size,
}: {
  ctas: readonly Cta[];
  className?: string;
  inverse?: boolean;
  size?: ButtonSize;
}) {
  if (ctas.length === 0) return null;
  return (
    <div className={["flex flex-wrap items-center gap-3", className].filter(Boolean).join(" ")}>
      {ctas.map((cta, index) => (
        <CtaLink
          key={`${cta.href}-${cta.label}`}
          cta={cta}
          fallbackVariant={index === 0 ? "primary" : "outline"}
          inverse={inverse}
          size={size}
        />
      ))}
    </div>
  );
}
