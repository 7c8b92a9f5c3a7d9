import type { RenderedSectionOf } from "../content/index.ts";
import { SmartLink } from "../shell/index.ts";
import { ArrowRightIcon, Card, Grid, Heading, Icon } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame, SectionIntro } from "./section-frame.tsx";

export function FeatureGridSection({
  section,
  index,
}: SectionProps<RenderedSectionOf<"feature-grid">>) {
  const id = headingId(index);
  return (
    <SectionFrame
      id={section.id}
      type="feature-grid"
      background={section.background}
      labelledBy={id}
    >
      <SectionIntro headingId={id} heading={section.heading} intro={section.intro} />
      <Grid columns={section.columns}>
        {section.items.map((item) => (
          <Card key={item.title} className="flex flex-col text-charcoal">
            {item.icon ? (
              <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-slate-tint text-cobalt">
                <Icon name={item.icon} className="size-6" />
              </span>
            ) : null}
            <Heading level={3}>{item.title}</Heading>
            <p className="mt-2 text-slate">{item.text}</p>
            {item.href ? (
              <SmartLink
                href={item.href}
                className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-cobalt hover:underline"
              >
                Learn more<span className="sr-only"> about {item.title}</span>
                <ArrowRightIcon className="size-4" />
              </SmartLink>
            ) : null}
          </Card>
        ))}
      </Grid>
    </SectionFrame>
  );
}
