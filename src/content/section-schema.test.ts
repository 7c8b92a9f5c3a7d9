import { describe, expect, it } from "vitest";
import { ContentError, parseContent } from "../build/index.ts";
import { pageFrontMatterSchema } from "../content/index.ts";
import { SECTION_TYPES, sectionSchema } from "./section-schema.ts";

const page = (sections: unknown[]) => ({ title: "T", description: "D", sections });

describe("sections schema", () => {
  it("lists every section type once", () => {
    expect(SECTION_TYPES).toEqual([
      "hero",
      "logo-wall",
      "feature-grid",
      "feature-split",
      "testimonial",
      "stats",
      "pricing-table",
      "comparison-table",
      "faq",
      "cta-band",
      "rich-text",
      "form",
      "resource-cards",
      "video",
    ]);
  });

  it("accepts a valid page and fills defaults", () => {
    const parsed = pageFrontMatterSchema.parse(
      page([{ type: "hero", headline: "Support, calmer", subhead: "One inbox." }]),
    );
    expect(parsed.sections?.[0]).toMatchObject({ type: "hero", ctas: [] });
  });

  it("names the file, the section index and the field in an error", () => {
    const value = page([
      { type: "hero", headline: "Fine", subhead: "Fine" },
      { type: "stats", items: [{ value: "4 min", label: "first reply" }, { value: "97%" }] },
    ]);
    let error: unknown;
    try {
      parseContent(pageFrontMatterSchema, value, "content/pages/x.md");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toContain("content/pages/x.md");
    expect((error as Error).message).toContain('field "sections[1].items[1].label"');
  });

  it("names an unknown section type", () => {
    expect(() =>
      parseContent(pageFrontMatterSchema, page([{ type: "carousel" }]), "content/pages/y.md"),
    ).toThrow(/sections\[0\]\.type/);
  });

  it("rejects an image given as a URL string or without alt text", () => {
    const hero = (image: unknown) => ({ type: "hero", headline: "H", subhead: "S", image });
    expect(sectionSchema.safeParse(hero("https://cdn.example/x.png")).success).toBe(false);
    expect(
      sectionSchema.safeParse(hero({ src: "https://cdn.example/x.png", alt: "x" })).success,
    ).toBe(false);
    expect(sectionSchema.safeParse(hero({ src: "illustrations/x.svg", alt: "" })).success).toBe(
      false,
    );
    expect(
      sectionSchema.safeParse(hero({ src: "illustrations/x.svg", alt: "", decorative: true }))
        .success,
    ).toBe(true);
  });

  it("checks a comparison row has one value per column", () => {
    const result = sectionSchema.safeParse({
      type: "comparison-table",
      heading: "Compare",
      columns: ["Harbor Desk", "Other"],
      rows: [{ label: "Shared inbox", values: [true] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["rows", 0, "values"]);
  });

  it("needs a price or a price label on every plan", () => {
    const result = sectionSchema.safeParse({
      type: "pricing-table",
      plans: [
        {
          name: "Pro",
          description: "d",
          features: ["x"],
          cta: { label: "Go", href: "/pricing/" },
        },
      ],
    });
    expect(result.success).toBe(false);
  });
});
