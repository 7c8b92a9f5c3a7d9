import type { PageProps } from "../../runtime/index.ts";
import { Sections } from "../../sections/sections.tsx";
import { Container } from "../../ui/container.tsx";
import { Heading } from "../../ui/heading.tsx";
import { RichText } from "../../ui/rich-text.tsx";
import type { ContentPageData } from "../data.ts";

/**
 * Shared body of the home, page and landing templates. A page built from sections renders
 * them (a leading hero carries the h1); otherwise a heading, the description and the
 * Markdown body.
 */
export function ContentPage({ data, variant }: PageProps<ContentPageData> & { variant: string }) {
  const { page } = data;
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
