import type { RenderedSection, Section, SectionType } from "../content/index.ts";
import { type ImagePresetName, type ImageRef, pendingImage } from "../images/index.ts";
import type { RenderMarkdownOptions } from "./markdown.ts";

/**
 * Sections as content writes them become sections as page data carries them, in two steps:
 * here, in the route table, every image ref becomes a pending image (the build's image step
 * resolves it before render, failing with the file and field when the file is missing) and a
 * rich-text section keeps its Markdown; the render step (`renderSectionMarkdown`) then turns
 * that Markdown into sanitised HTML, so Markdown rendering stays in the render workers.
 */
type PendingSection = Exclude<RenderedSection, { type: "rich-text" }> | Section;

/** How each section shows its pictures (src/images/presets.ts). */
const SECTION_IMAGE_PRESET: Partial<Record<SectionType, ImagePresetName>> = {
  hero: "hero",
  "logo-wall": "logo",
  "feature-split": "illustration",
  testimonial: "portrait",
  "resource-cards": "illustration",
  video: "illustration",
};

const IMAGE_FIELDS = new Set(["image", "poster"]);

export function pendingSections(
  sections: readonly Section[],
  file: string,
  expand: (markdown: string) => string = (markdown) => markdown,
): RenderedSection[] {
  // Until rendered, a rich-text section holds its (directive-expanded) Markdown and no html.
  return sections.map((section, index) => {
    if (section.type === "rich-text") {
      return { ...section, markdown: expand(section.markdown), html: "" };
    }
    const preset = SECTION_IMAGE_PRESET[section.type] ?? "illustration";
    return withPendingImages(section, preset, file, `sections[${index}]`);
  }) as RenderedSection[];
}

/** A copy of `value` with each image ref (an `image` or `poster` field) made pending. */
function withPendingImages(
  value: unknown,
  preset: ImagePresetName,
  file: string,
  field: string,
): unknown {
  if (Array.isArray(value)) {
    return value.map((item, index) => withPendingImages(item, preset, file, `${field}[${index}]`));
  }
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      IMAGE_FIELDS.has(key) && typeof child === "object" && child !== null
        ? pendingImage(child as ImageRef, preset, { file, field: `${field}.${key}` })
        : withPendingImages(child, preset, file, `${field}.${key}`),
    ]),
  );
}

/** Fills every rich-text section's `html` from its `markdown`, and drops the Markdown. */
export function renderSectionMarkdown(
  data: Record<string, unknown>,
  renderMarkdown: (markdown: string, options: RenderMarkdownOptions) => string,
): void {
  const page = data.page as { sections?: PendingSection[] } | undefined;
  if (!page?.sections) return;
  // A new page object: `data` is a copy of the route's, its page may still be the route's.
  data.page = {
    ...page,
    sections: page.sections.map((section) => {
      if (section.type !== "rich-text") return section;
      const { markdown, ...rest } = section as Extract<Section, { type: "rich-text" }>;
      return { ...rest, html: renderMarkdown(markdown, { headingIds: false }) };
    }) as PendingSection[],
  };
}
