import type { RenderedSection } from "../content/index.ts";
import { ComparisonTableSection } from "./comparison-table.tsx";
import { CtaBandSection } from "./cta-band.tsx";
import { FaqSection } from "./faq.tsx";
import { FeatureGridSection } from "./feature-grid.tsx";
import { FeatureSplitSection } from "./feature-split.tsx";
import { FormSection } from "./form.tsx";
import { HeroSection } from "./hero.tsx";
import { LogoWallSection } from "./logo-wall.tsx";
import { PricingTableSection } from "./pricing-table.tsx";
import { ResourceCardsSection } from "./resource-cards.tsx";
import { RichTextSection } from "./rich-text.tsx";
import { StatsSection } from "./stats.tsx";
import { TestimonialSection } from "./testimonial.tsx";
import { VideoSection } from "./video.tsx";

function SectionSwitch({
  section,
  index,
  pageTop,
}: {
  section: RenderedSection;
  index: number;
  pageTop: boolean;
}) {
  const props = { index, first: pageTop && index === 0 };
  switch (section.type) {
    case "hero":
      return <HeroSection section={section} {...props} />;
    case "logo-wall":
      return <LogoWallSection section={section} {...props} />;
    case "feature-grid":
      return <FeatureGridSection section={section} {...props} />;
    case "feature-split":
      return <FeatureSplitSection section={section} {...props} />;
    case "testimonial":
      return <TestimonialSection section={section} {...props} />;
    case "stats":
      return <StatsSection section={section} {...props} />;
    case "pricing-table":
      return <PricingTableSection section={section} {...props} />;
    case "comparison-table":
      return <ComparisonTableSection section={section} {...props} />;
    case "faq":
      return <FaqSection section={section} {...props} />;
    case "cta-band":
      return <CtaBandSection section={section} {...props} />;
    case "rich-text":
      return <RichTextSection section={section} {...props} />;
    case "form":
      return <FormSection section={section} {...props} />;
    case "resource-cards":
      return <ResourceCardsSection section={section} {...props} />;
    case "video":
      return <VideoSection section={section} {...props} />;
  }
}

/**
 * A page's sections, in order. When they start the page (`pageTop`, the default), the first
 * one, if a hero, carries the page's h1 and loads its image first.
 */
export function Sections({
  sections,
  pageTop = true,
  firstIndex = 0,
}: {
  sections: readonly RenderedSection[];
  pageTop?: boolean;
  /** The first section's position on the page, when a page renders its sections in parts. */
  firstIndex?: number;
}) {
  return (
    <>
      {sections.map((section, offset) => (
        <SectionSwitch
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are positional and never reorder.
          key={offset}
          section={section}
          index={firstIndex + offset}
          pageTop={pageTop}
        />
      ))}
    </>
  );
}
