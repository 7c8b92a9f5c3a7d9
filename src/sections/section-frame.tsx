import type { ReactNode } from "react";
import { Container, type ContainerWidth, Heading } from "../ui/index.ts";

export const SECTION_BACKGROUNDS = {
  white: "bg-white text-charcoal",
  tint: "bg-slate-tint text-charcoal",
  dark: "bg-charcoal text-white",
} as const;
export type SectionBackground = keyof typeof SECTION_BACKGROUNDS;

/** The band every section sits in: background, vertical rhythm, anchor id, container. */
export function SectionFrame({
  id,
  type,
  background = "white",
  width,
  className,
  labelledBy,
  children,
}: {
  id?: string | undefined;
  type: string;
  background?: SectionBackground | undefined;
  width?: ContainerWidth;
  className?: string;
  labelledBy?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      data-section={type}
      aria-labelledby={labelledBy}
      className={[SECTION_BACKGROUNDS[background], "py-section", className]
        .filter(Boolean)
        .join(" ")}
    >
      <Container width={width}>{children}</Container>
    </section>
  );
}

/** A section's headline block: optional overline, headline and intro, centred. */
export function SectionIntro({
  headingId,
  heading,
  intro,
  level = 2,
  dark = false,
  children,
}: {
  headingId: string;
  heading?: string | undefined;
  intro?: string | undefined;
  level?: 2 | 3;
  dark?: boolean;
  children?: ReactNode;
}) {
  if (!heading && !intro) return null;
  return (
    <div className="mx-auto mb-10 max-w-3xl text-center">
      {children}
      {heading ? (
        <Heading id={headingId} level={level} size="h2">
          {heading}
        </Heading>
      ) : null}
      {intro ? (
        <p className={`mt-4 text-lead ${dark ? "text-charcoal-tint" : "text-slate"}`}>{intro}</p>
      ) : null}
    </div>
  );
}
