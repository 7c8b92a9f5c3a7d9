import { followSameSiteLink, Link, type PageProps } from "../runtime/index.ts";
import {
  Badge,
  type BadgeColor,
  Card,
  Container,
  cardImageSizes,
  Grid,
  Heading,
  Image,
  RichText,
} from "../ui/index.ts";
import type { ResourceData, ResourceSummary } from "./data.ts";
import { GatedDownload } from "./parts/gated-download.tsx";
import { PostList } from "./parts/post-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";
import { RESOURCES_PATH } from "./paths.ts";

const KINDS: Record<ResourceSummary["kind"], { label: string; plural: string; color: BadgeColor }> =
  {
    ebook: { label: "Ebook", plural: "Ebooks", color: "cobalt" },
    report: { label: "Report", plural: "Reports", color: "magenta" },
    template: { label: "Template", plural: "Templates", color: "green" },
  };

function ResourceCard({
  resource,
  level,
  first = false,
}: {
  resource: ResourceSummary;
  level: 2 | 3;
  /** The list's first card: its image is the largest thing on a phone's first screen. */
  first?: boolean;
}) {
  const kind = KINDS[resource.kind];
  return (
    <Card className="flex h-full flex-col">
      <Image
        image={resource.image}
        className="mb-5 rounded-xl"
        priority={first || undefined}
        sizes={cardImageSizes(3)}
      />
      <Badge color={kind.color} size="XS" className="self-start">
        {kind.label}
      </Badge>
      <Link to={resource.path} className="mt-3 text-charcoal hover:underline">
        <Heading level={level} size="h4">
          {resource.title}
        </Heading>
      </Link>
      <p className="mt-2 text-slate">{resource.description}</p>
    </Card>
  );
}

/**
 * `/resources/`: every ebook, report and template by kind; `/resources/{slug}/`: one resource,
 * what is in it, and its download behind a lead form.
 */
export default function ResourceTemplate({ data, location }: PageProps<ResourceData>) {
  const { resource, resources } = data;
  if (!resource) {
    const kinds = (Object.keys(KINDS) as ResourceSummary["kind"][]).filter((kind) =>
      resources.some((item) => item.kind === kind),
    );
    return (
      <Container className="py-section">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <Heading level={1}>Resources for support teams</Heading>
          <SearchButton />
        </div>
        <p className="mt-4 max-w-2xl text-lead text-slate">
          Longer reads and working files from the people who run Harbor Desk's own support: guides
          to read on the train, benchmarks to take to your next planning meeting, and templates to
          copy into your help desk this afternoon.
        </p>
        {kinds.map((kind, kindIndex) => (
          <section key={kind} aria-labelledby={`kind-${kind}`} className="mt-14">
            <Heading level={2} id={`kind-${kind}`}>
              {KINDS[kind].plural}
            </Heading>
            <Grid columns={3} className="mt-6">
              {resources
                .filter((item) => item.kind === kind)
                .map((item, index) => (
                  <ResourceCard
                    key={item.slug}
                    resource={item}
                    level={3}
                    first={kindIndex === 0 && index === 0}
                  />
                ))}
            </Grid>
          </section>
        ))}
      </Container>
    );
  }
  const kind = KINDS[resource.kind];
  return (
    <Container className="py-section">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={RESOURCES_PATH} className="text-cobalt hover:underline">
          Resources
        </Link>
      </nav>
      <div className="mt-6 grid gap-12 l:grid-cols-[minmax(0,1fr)_24rem]">
        <article data-search-body>
          <Badge color={kind.color}>{kind.label}</Badge>
          <Heading level={1} className="mt-3">
            {resource.title}
          </Heading>
          <p className="mt-4 text-lead text-slate">{resource.description}</p>
          <Image image={resource.image} className="mt-8 rounded-2xl" />
          <RichText html={resource.html} className="mt-10" onClick={followSameSiteLink} />
        </article>
        <aside aria-labelledby="get-it">
          <Card tone="tint" className="l:sticky l:top-24">
            <Heading level={2} size="h3" id="get-it">
              {`Get the ${kind.label.toLowerCase()}`}
            </Heading>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-charcoal">
              {resource.highlights.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <GatedDownload
              form={resource.form}
              file={resource.download.file}
              format={resource.download.format}
              title={resource.title}
              pagePath={location.pathname}
            />
          </Card>
        </aside>
      </div>
      {resource.related.length > 0 ? (
        <section aria-labelledby="related-reading" className="mt-16 max-w-3xl">
          <Heading level={2} size="h3" id="related-reading">
            Related reading
          </Heading>
          <PostList posts={resource.related} headingLevel={3} />
        </section>
      ) : null}
      {resources.length > 0 ? (
        <section aria-labelledby="more-resources" className="mt-16">
          <Heading level={2} size="h3" id="more-resources">
            More resources
          </Heading>
          <Grid columns={3} className="mt-6">
            {resources.map((item) => (
              <ResourceCard key={item.slug} resource={item} level={3} />
            ))}
          </Grid>
        </section>
      ) : null}
    </Container>
  );
}
