import type { ReactNode } from "react";
import type { RenderedSection, RenderedSectionOf } from "../../content/index.ts";
import type { PageProps } from "../../runtime/index.ts";
import { StaticContentBody } from "../../sections/index.ts";
import type { ContentPageData } from "../data.ts";

/** Renders a `form` section with its live lead form (the form-page template supplies it). */
export type RenderForm = (section: RenderedSectionOf<"form">, index: number) => ReactNode;

type Part =
  | { kind: "static"; sections: RenderedSection[]; firstIndex: number }
  | { kind: "form"; section: RenderedSectionOf<"form">; index: number };

/** Sections cut at each `form` section: static runs between live forms. */
export function splitAtForms(sections: readonly RenderedSection[]): Part[] {
  const parts: Part[] = [];
  let run: RenderedSection[] = [];
  let runStart = 0;
  sections.forEach((section, index) => {
    if (section.type !== "form") {
      if (run.length === 0) runStart = index;
      run.push(section);
      return;
    }
    if (run.length > 0) parts.push({ kind: "static", sections: run, firstIndex: runStart });
    run = [];
    parts.push({ kind: "form", section, index });
  });
  if (run.length > 0) parts.push({ kind: "static", sections: run, firstIndex: runStart });
  return parts;
}

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
  const parts = splitAtForms(sections);
  // The heading (when no hero leads) belongs to a first static part, the Markdown body to a
  // last one: give them an empty run when a form opens or closes the page.
  if (parts[0]?.kind !== "static") parts.unshift({ kind: "static", sections: [], firstIndex: 0 });
  if (parts.at(-1)?.kind !== "static") {
    parts.push({ kind: "static", sections: [], firstIndex: sections.length });
  }
  return (
    <article data-template={variant}>
      {parts.map((part, position) => {
        if (part.kind === "form") return renderForm(part.section, part.index);
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
