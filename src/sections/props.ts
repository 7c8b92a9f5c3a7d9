import type { RenderedSection } from "../content/index.ts";

/** What the renderer hands every section component. */
export interface SectionProps<S extends RenderedSection> {
  section: S;
  /** Position on the page; unique, so it builds unique ids for headings. */
  index: number;
  /** True for the page's first section: a hero there renders the h1 and loads its image first. */
  first: boolean;
}

export function headingId(index: number): string {
  return `section-${index}-heading`;
}
