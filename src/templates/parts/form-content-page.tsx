import type { ReactNode } from "react";
import type { RenderedSection, RenderedSectionOf } from "../../content/index.ts";
import type { PageProps } from "../../runtime/index.ts";
import { StaticContentBody, splitSections, withStaticEnds } from "../../sections/index.ts";
import type { ContentPageData } from "../data.ts";

/** Renders a `form` section with its live lead form (the form-page template supplies it). */
export type RenderForm = (section: RenderedSectionOf<"form">, index: number) => ReactNode;

const isForm = (section: RenderedSection) => section.type === "form";

/**
 * A content page with lead forms. A form is interactive and must hydrate, so the page is
 * rendered in parts: static runs of sections, each adopted from its own prerendered region
 * (no section code shipped), around the live forms. Forms the front matter places
 * (`children`) follow the body.
 */
export function FormContentPage({
  data,
  location,
  variant,
  renderForm,
  children,
}: PageProps<ContentPageData> & {
  variant: string;
  renderForm: RenderForm;
  children?: ReactNode;
}) {
  const { page } = data;
  const path = location.pathname;
  const sections = page.sections ?? [];
  const parts = withStaticEnds(splitSections(sections, isForm), sections.length);
  return (
    <article data-template={variant}>
      {parts.map((part, position) => {
        if (part.kind === "island") {
          return renderForm(part.section as RenderedSectionOf<"form">, part.index);
        }
        const first = position === 0;
        const last = position === parts.length - 1;
        return (
          <StaticContentBody
            key={`static-${part.firstIndex}`}
            path={first ? path : `${path}#${part.firstIndex}`}
            page={{ ...page, sections: part.sections, html: last ? page.html : "" }}
            image={data.image}
            part={{ first, last, firstIndex: part.firstIndex }}
          />
        );
      })}
      {children}
    </article>
  );
}
