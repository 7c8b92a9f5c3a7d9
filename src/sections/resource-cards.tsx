import type { RenderedSectionOf } from "../content/index.ts";
import { SmartLink } from "../shell/index.ts";
import { Badge, type BadgeColor, Card, Grid, Heading } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame, SectionIntro } from "./section-frame.tsx";
import { SectionImage } from "./section-image.tsx";

type Kind = RenderedSectionOf<"resource-cards">["items"][number]["kind"];

const KIND_BADGE: Record<Kind, { label: string; color: BadgeColor }> = {
  guide: { label: "Guide", color: "cobalt" },
  webinar: { label: "Webinar", color: "purple" },
  blog: { label: "Blog", color: "clay-tint" },
  course: { label: "Course", color: "green" },
  template: { label: "Template", color: "slate-tint" },
  report: { label: "Report", color: "magenta" },
  page: { label: "Product", color: "charcoal-tint" },
};

export function ResourceCardsSection({
  section,
  index,
}: SectionProps<RenderedSectionOf<"resource-cards">>) {
  const id = headingId(index);
  const columns = section.items.length % 3 === 0 || section.items.length > 4 ? 3 : 2;
  return (
    <SectionFrame
      id={section.id}
      type="resource-cards"
      background={section.background}
      labelledBy={id}
    >
      <SectionIntro headingId={id} heading={section.heading} intro={section.intro} />
      <Grid columns={columns}>
        {section.items.map((item) => {
          const badge = KIND_BADGE[item.kind];
          return (
            <Card key={item.href} className="relative flex flex-col text-charcoal">
              {item.image ? (
                <SectionImage image={item.image} className="mb-5 w-full rounded-xl" />
              ) : null}
              <Badge color={badge.color} size="XS" className="self-start">
                {badge.label}
              </Badge>
              <Heading level={3} className="mt-3">
                {item.title}
              </Heading>
              <p className="mt-2 text-slate">{item.text}</p>
              {/* The whole card is the link's target area; the text stays the accessible name. */}
              <SmartLink
                href={item.href}
                className="mt-auto pt-4 font-semibold text-cobalt after:absolute after:inset-0 hover:underline"
              >
                Read more<span className="sr-only">: {item.title}</span>
              </SmartLink>
            </Card>
          );
        })}
      </Grid>
    </SectionFrame>
  );
}
