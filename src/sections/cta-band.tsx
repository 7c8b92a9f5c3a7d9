import type { RenderedSectionOf } from "../content/index.ts";
import { Heading } from "../ui/index.ts";
import { CtaRow } from "./cta-links.tsx";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame } from "./section-frame.tsx";

export function CtaBandSection({ section, index }: SectionProps<RenderedSectionOf<"cta-band">>) {
  const id = headingId(index);
  const background = section.background ?? "dark";
  const dark = background === "dark";
  return (
    <SectionFrame id={section.id} type="cta-band" background={background} labelledBy={id}>
      <div className="mx-auto max-w-3xl text-center">
        <Heading id={id} level={2}>
          {section.heading}
        </Heading>
        {section.text ? (
          <p className={`mt-4 text-lead ${dark ? "text-charcoal-tint" : "text-slate"}`}>
            {section.text}
          </p>
        ) : null}
        <CtaRow ctas={section.ctas} inverse={dark} className="mt-8 justify-center" />
      </div>
    </SectionFrame>
  );
}
