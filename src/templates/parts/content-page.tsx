import type { ReactNode } from "react";
import type { RenderedSection, RenderedSectionOf } from "../../content/index.ts";
import type { PageProps } from "../../runtime/index.ts";
import { StaticContentBody } from "../../sections/index.ts";
import type { ContentPageData } from "../data.ts";

/**
 * Renders a `form` section with its live lead form: the form-page template supplies it, so
 * the form code (and the section's own) loads only on pages that have a form.
 */
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
 * Shared body of the home, page and landing templates (src/sections/content-body.tsx),
 * adopted from the prerendered HTML on a first visit so it ships no component code. A lead
 * form is interactive and must hydrate, so a page with `form` sections is rendered in parts:
 * static runs of sections, each adopted on its own, around the live forms. Forms the front
 * matter places (`children`) follow the body.
 */
export function ContentPage({
  data,
  location,
  variant,
  renderForm,
  children,
}: PageProps<ContentPageData> & {
  variant: string;
  renderForm?: RenderForm;
  children?: ReactNode;
}) {
  const { page } = data;
  const path = location.pathname;
  const sections = page.sections ?? [];
  const image = data.image;
  if (!renderForm || !sections.some((section) => section.type === "form")) {
    return (
      <article data-template={variant}>
        <StaticContentBody path={path} page={page} image={image} />
        {children}
      </article>
    );
  }
  const parts = splitAtForms(sections);
  return (
    <article data-template={variant}>
      {parts.map((part, position) => {
        if (part.kind === "form") return renderForm(part.section, part.index);
        const first = position === 0;
        const last = position === parts.length - 1;
        return (
          <StaticContentBody
            key={`static-${part.firstIndex}`}
            // Each static run is adopted from its own prerendered region.
            path={first ? path : `${path}#${part.firstIndex}`}
            page={{ ...page, sections: part.sections, html: last ? page.html : "" }}
            image={image}
            part={{ first, last, firstIndex: part.firstIndex }}
          />
        );
      })}
      {children}
    </article>
  );
}
