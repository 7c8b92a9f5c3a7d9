import { describe, expect, it } from "vitest";
import type { RenderedSection } from "../content/index.ts";
import { splitSections, withStaticEnds } from "./split-sections.ts";

const hero = { type: "hero", headline: "H", ctas: [] } as unknown as RenderedSection;
const stats = { type: "stats", items: [] } as unknown as RenderedSection;
const form = { type: "form", formId: "demo-request" } as RenderedSection;

const isForm = (section: RenderedSection) => section.type === "form";
const splitAtForms = (sections: RenderedSection[]) => splitSections(sections, isForm);

describe("splitSections at forms", () => {
  it("cuts the sections into static runs around each form, keeping page positions", () => {
    expect(splitAtForms([hero, form, stats, stats, form])).toEqual([
      { kind: "static", sections: [hero], firstIndex: 0 },
      { kind: "island", section: form, index: 1 },
      { kind: "static", sections: [stats, stats], firstIndex: 2 },
      { kind: "island", section: form, index: 4 },
    ]);
  });

  it("leaves a page without forms whole, and an empty page empty", () => {
    expect(splitAtForms([hero, stats])).toEqual([
      { kind: "static", sections: [hero, stats], firstIndex: 0 },
    ]);
    expect(splitAtForms([])).toEqual([]);
  });

  it("gives the parts a static run at each end, so the heading and body have a home", () => {
    expect(withStaticEnds(splitAtForms([form, hero, form]), 3)).toEqual([
      { kind: "static", sections: [], firstIndex: 0 },
      { kind: "island", section: form, index: 0 },
      { kind: "static", sections: [hero], firstIndex: 1 },
      { kind: "island", section: form, index: 2 },
      { kind: "static", sections: [], firstIndex: 3 },
    ]);
  });
});
