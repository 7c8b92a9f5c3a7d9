import type { RenderedSectionOf } from "../content/index.ts";
import type { SectionProps } from "./props.ts";
import { SectionFrame } from "./section-frame.tsx";
import { SectionImage } from "./section-image.tsx";

export function TestimonialSection({ section }: SectionProps<RenderedSectionOf<"testimonial">>) {
  const dark = section.background === "dark";
  return (
    <SectionFrame id={section.id} type="testimonial" background={section.background}>
      <figure
        className={
          section.metric
            ? "grid items-center gap-10 l:grid-cols-[2fr_1fr]"
            : "mx-auto max-w-4xl text-center"
        }
      >
        <div>
          <blockquote className="text-quote font-semibold tracking-tight">
            <p>“{section.quote}”</p>
          </blockquote>
          <figcaption
            className={`mt-8 flex items-center gap-4 ${section.metric ? "" : "justify-center"}`}
          >
            {section.image ? (
              <SectionImage image={section.image} className="size-14 rounded-full object-cover" />
            ) : null}
            <span className="text-left">
              <span className="block font-semibold">{section.name}</span>
              <span className={`block text-sm ${dark ? "text-charcoal-tint" : "text-slate"}`}>
                {section.role}, {section.company}
              </span>
            </span>
          </figcaption>
        </div>
        {section.metric ? (
          <p className={`rounded-2xl p-8 text-center ${dark ? "bg-white/10" : "bg-slate-tint"}`}>
            <span className="block text-stat font-bold tracking-tight">{section.metric.value}</span>
            <span className={`mt-1 block ${dark ? "text-charcoal-tint" : "text-slate"}`}>
              {section.metric.label}
            </span>
          </p>
        ) : null}
      </figure>
    </SectionFrame>
  );
}
