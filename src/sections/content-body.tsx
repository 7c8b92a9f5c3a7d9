import type { RenderedSection } from "../content/index.ts";
import type { ResolvedImage } from "../images/index.ts";
import { Container, Heading, Image, RichText } from "../ui/index.ts";
import { Sections } from "./sections.tsx";

export interface ContentBodyProps {
  page: {
    heading: string;
    description: string;
    html: string;
    sections?: RenderedSection[] | undefined;
  };
  /** The page's hero image, shown under the heading on a page that has no hero section. */
  image?: ResolvedImage | undefined;
  /**
   * Which part of the page this is, when a lead form splits it (templates/parts/content-page):
   * the heading belongs to the first part, the Markdown body to the last, and section
   * positions continue from `firstIndex` so heading ids stay unique on the page.
   */
  part?: { first: boolean; last: boolean; firstIndex: number };
}

const WHOLE_PAGE = { first: true, last: true, firstIndex: 0 };

/**
 * What a content page shows: a page built from sections renders them (a leading hero
 * carries the h1); otherwise a heading, the description and the Markdown body. Rendered by
 * the prerender; in the browser it loads only after a client-side navigation (static-region.tsx).
 */
export function ContentBody({ page, image, part = WHOLE_PAGE }: ContentBodyProps) {
  const sections = page.sections ?? [];
  const heroFirst = sections[0]?.type === "hero";
  return (
    <>
      {!part.first || heroFirst ? null : (
        <Container width="narrow" className="pt-section">
          <Heading level={1} size="display">
            {page.heading}
          </Heading>
          <p className="mt-4 text-lead text-slate">{page.description}</p>
          {image ? <Image image={image} className="mt-10 rounded-2xl shadow-lg" /> : null}
        </Container>
      )}
      {sections.length > 0 ? <Sections sections={sections} firstIndex={part.firstIndex} /> : null}
      {part.last && page.html.trim() !== "" ? (
        <Container width="narrow" className="py-section">
          <RichText html={page.html} />
        </Container>
      ) : null}
    </>
  );
}
