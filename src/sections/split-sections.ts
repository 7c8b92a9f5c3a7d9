import type { RenderedSection } from "../content/index.ts";

/** A page's sections cut into static runs and the sections that must run live between them. */
export type SectionPart =
  | { kind: "static"; sections: RenderedSection[]; firstIndex: number }
  | { kind: "island"; section: RenderedSection; index: number };

/**
 * Cuts `sections` at every section `isIsland` picks: static runs (adopted from the prerendered
 * HTML, no code shipped) between islands (hydrated with their components), each keeping its
 * position on the page so heading ids and keys stay unique.
 */
export function splitSections(
  sections: readonly RenderedSection[],
  isIsland: (section: RenderedSection) => boolean,
): SectionPart[] {
  const parts: SectionPart[] = [];
  let run: RenderedSection[] = [];
  let runStart = 0;
  sections.forEach((section, index) => {
    if (!isIsland(section)) {
      if (run.length === 0) runStart = index;
      run.push(section);
      return;
    }
    if (run.length > 0) parts.push({ kind: "static", sections: run, firstIndex: runStart });
    run = [];
    parts.push({ kind: "island", section, index });
  });
  if (run.length > 0) parts.push({ kind: "static", sections: run, firstIndex: runStart });
  return parts;
}

/**
 * The parts with a static run at each end (possibly empty): the heading, when no hero leads,
 * belongs to the first part and the Markdown body to the last.
 */
export function withStaticEnds(parts: SectionPart[], sectionCount: number): SectionPart[] {
  const out = [...parts];
  if (out[0]?.kind !== "static") out.unshift({ kind: "static", sections: [], firstIndex: 0 });
  if (out.at(-1)?.kind !== "static") {
    out.push({ kind: "static", sections: [], firstIndex: sectionCount });
  }
  return out;
}
