import type { RenderedSectionOf } from "../content/index.ts";
import { Heading } from "../ui/index.ts";
import { CtaRow } from "./cta-links.tsx";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame } from "./section-frame.tsx";
import { SectionImage } from "./section-image.tsx";

export function HeroSection({ section, index, first }: SectionProps<RenderedSectionOf<"hero">>) {
  const dark = section.background === "dark";
  const id = headingId(index);
  return (
    <SectionFrame
      id={section.id}
      type="hero"
      background={section.background}
      labelledBy={id}
      width="wide"
    >
      <div
        className={
          section.image
            ? "grid items-center gap-10 l:grid-cols-[1.05fr_1fr] l:gap-14"
            : "mx-auto max-w-3xl text-center"
        }
      >
        <div>
          {section.eyebrow ? (
            <p className={`text-overline ${dark ? "text-sky-200" : "text-cobalt"}`}>
              {section.eyebrow}
            </p>
          ) : null}
          <Heading id={id} level={first ? 1 : 2} size="display" className="mt-3">
            {section.headline}
          </Heading>
          <p className={`mt-5 text-lead ${dark ? "text-charcoal-tint" : "text-slate"}`}>
            {section.subhead}
          </p>
          <CtaRow
            ctas={section.ctas}
            inverse={dark}
            className={section.image ? "mt-8" : "mt-8 justify-center"}
          />
          {section.note ? (
            <p className={`mt-4 text-sm ${dark ? "text-charcoal-tint" : "text-slate"}`}>
              {section.note}
            </p>
          ) : null}
        </div>
        {section.image ? (
          <SectionImage image={section.image} className="w-full rounded-2xl" />
        ) : null}
      </div>
    </SectionFrame>
  );
}
