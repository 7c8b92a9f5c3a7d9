import type { RenderedSectionOf } from "../content/index.ts";
import { ChevronDownIcon, Heading } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame } from "./section-frame.tsx";

/** Splits plain text on blank lines into paragraphs. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Questions as native <details>: keyboard and screen-reader disclosure with no script. */
export function FaqSection({ section, index }: SectionProps<RenderedSectionOf<"faq">>) {
  const id = headingId(index);
  return (
    <SectionFrame
      id={section.id}
      type="faq"
      background={section.background}
      labelledBy={id}
      width="narrow"
    >
      <Heading id={id} level={2} className="mb-8 text-center">
        {section.heading}
      </Heading>
      <div className="divide-y divide-charcoal-tint border-y border-charcoal-tint">
        {section.items.map((item) => (
          <details key={item.question} className="group py-2">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-3 text-lg font-semibold [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <div className="space-y-3 pb-4 text-slate">
              {paragraphs(item.answer).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </SectionFrame>
  );
}
