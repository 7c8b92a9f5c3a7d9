import type { RenderedSectionOf } from "../content/index.ts";
import { Heading } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame } from "./section-frame.tsx";
import { SectionImage } from "./section-image.tsx";

export function LogoWallSection({ section, index }: SectionProps<RenderedSectionOf<"logo-wall">>) {
  const id = headingId(index);
  return (
    <SectionFrame
      id={section.id}
      type="logo-wall"
      background={section.background}
      labelledBy={section.heading ? id : undefined}
    >
      {section.heading ? (
        <Heading id={id} level={2} size="h4" className="text-center text-slate">
          {section.heading}
        </Heading>
      ) : null}
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
        {section.logos.map((logo) => (
          <li key={logo.name} className="text-xl font-bold tracking-tight text-slate">
            {logo.image ? (
              <SectionImage image={logo.image} className="h-8 w-auto" />
            ) : (
              <span>{logo.name}</span>
            )}
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
