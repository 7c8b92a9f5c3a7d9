import type { RenderedSection, Section } from "../sections/schema.ts";

/**
 * Rich-text sections carry Markdown in content and HTML in page data. The route table keeps
 * the Markdown (as `markdown` on the section, typed as pending) and the render step turns it
 * into sanitised HTML, like page bodies, so Markdown rendering stays in the render workers.
 */
type PendingSection =
  | Exclude<Section, { type: "rich-text" }>
  | Extract<Section, { type: "rich-text" }>;

export function pendingSections(
  sections: readonly Section[],
  expand: (markdown: string) => string = (markdown) => markdown,
): RenderedSection[] {
  // Until rendered, a rich-text section holds its (directive-expanded) Markdown and no html.
  return sections.map((section) =>
    section.type === "rich-text"
      ? { ...section, markdown: expand(section.markdown), html: "" }
      : section,
  ) as RenderedSection[];
}

/** Fills every rich-text section's `html` from its `markdown`, and drops the Markdown. */
export function renderSectionMarkdown(
  data: Record<string, unknown>,
  renderMarkdown: (markdown: string) => string,
): void {
  const page = data.page as { sections?: PendingSection[] } | undefined;
  if (!page?.sections) return;
  page.sections = page.sections.map((section) => {
    if (section.type !== "rich-text") return section;
    const { markdown, ...rest } = section;
    return { ...rest, html: renderMarkdown(markdown) };
  }) as PendingSection[];
}
