/**
 * Page sections' public surface for templates and pages. The content model (the section
 * schemas and their types) lives in src/content; these are the components. Templates place
 * a page's sections through `StaticContentBody`, which ships their code only when a page
 * needs it (static-region.tsx); the server renderer gets the real body through node.ts.
 */
export { STYLEGUIDE_SECTIONS } from "./examples.ts";
export { FormSection } from "./form.tsx";
export { Sections } from "./sections.tsx";
export { type SectionPart, splitSections, withStaticEnds } from "./split-sections.ts";
export { StaticContentArticle, StaticContentBody } from "./static-region.tsx";
