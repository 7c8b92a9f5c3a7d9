import { describe, expect, it } from "vitest";
import type { RenderedSection } from "../../content/index.ts";
import { splitAtForms } from "./form-content-page.tsx";

const hero = { type: "hero", headline: "H", ctas: [] } as unknown as RenderedSection;
const stats = { type: "stats", items: [] } as unknown as RenderedSection;
const form = { type: "form", formId: "demo-request" } as RenderedSection;

describe("splitAtForms", () => {
  it("cuts the sections into static runs around each form, keeping page positions", () => {
    expect(splitAtForms([hero, form, stats, stats, form])).toEqual([
      { kind: "static", sections: [hero], firstIndex: 0 },
      { kind: "form", section: form, index: 1 },
      { kind: "static", sections: [stats, stats], firstIndex: 2 },
      { kind: "form", section: form, index: 4 },
    ]);
  });

  it("leaves a page without forms whole, and an empty page empty", () => {
    expect(splitAtForms([hero, stats])).toEqual([
      { kind: "static", sections: [hero, stats], firstIndex: 0 },
    ]);
    expect(splitAtForms([])).toEqual([]);
  });
});
