import { Container } from "../ui/container.tsx";
import { Heading } from "../ui/heading.tsx";
import { RichText } from "../ui/rich-text.tsx";
import type { RenderedSection } from "./schema.ts";
import { Sections } from "./sections.tsx";

export interface ContentBodyProps {
  page: {
    heading: string;
    description: string;
    html: string;
    sections?: RenderedSection[] | undefined;
  };
  variant: string;
}

/**
 * What a content page shows: a page built from sections renders them (a leading hero
 * carries the h1); otherwise a heading, the description and the Markdown body. Rendered by
 * the prerender; in the browser it loads only after a client-side navigation (static-region.tsx).
 */
export function ContentBody({ page, variant }: ContentBodyProps) {
  const sections = page.sections ?? [];
  const heroFirst = sections[0]?.type === "hero";
  return (
    <article data-template={variant}>
      {heroFirst ? null : (
        <Container width="narrow" className="pt-section">
          <Heading level={1} size="display">
            {page.heading}
          </Heading>
          <p className="mt-4 text-lead text-slate">{page.description}</p>
        </Container>
      )}
      {sections.length > 0 ? <Sections sections={sections} /> : null}
      {page.html.trim() !== "" ? (
        <Container width="narrow" className="py-section">
          <RichText html={page.html} />
        </Container>
      ) : null}
    </article>
  );
}
