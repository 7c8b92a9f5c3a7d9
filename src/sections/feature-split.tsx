import type { RenderedSectionOf } from "../content/index.ts";
import { CheckIcon, Heading } from "../ui/index.ts";
import { CtaLink } from "./cta-links.tsx";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame, SectionIntro } from "./section-frame.tsx";
import { SectionImage } from "./section-image.tsx";

export function FeatureSplitSection({
  section,
  index,
}: SectionProps<RenderedSectionOf<"feature-split">>) {
  const id = headingId(index);
  const dark = section.background === "dark";
  return (
    <SectionFrame
      id={section.id}
      type="feature-split"
      background={section.background}
      labelledBy={section.heading ? id : undefined}
      width="wide"
    >
      <SectionIntro headingId={id} heading={section.heading} intro={section.intro} dark={dark} />
      <div className="flex flex-col gap-16 l:gap-24">
        {section.items.map((item, row) => (
          <div key={item.title} className="grid items-center gap-8 l:grid-cols-2 l:gap-16">
            <div className={row % 2 === 1 ? "l:order-2" : undefined}>
              {item.eyebrow ? (
                <p className={`text-overline ${dark ? "text-sky-200" : "text-cobalt"}`}>
                  {item.eyebrow}
                </p>
              ) : null}
              <Heading level={section.heading ? 3 : 2} size="h2" className="mt-2">
                {item.title}
              </Heading>
              <p className={`mt-4 text-lead ${dark ? "text-charcoal-tint" : "text-slate"}`}>
                {item.text}
              </p>
              {item.bullets ? (
                <ul className="mt-6 space-y-3">
                  {item.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-3">
                      <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
                      <span>{bullet}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {item.cta ? (
                <div className="mt-8">
                  <CtaLink cta={item.cta} fallbackVariant="outline" size="M" inverse={dark} />
                </div>
              ) : null}
            </div>
            <SectionImage image={item.image} className="w-full rounded-2xl" />
          </div>
        ))}
      </div>
    </SectionFrame>
  );
}
