import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SECTION_TYPES, STATIC_QUERY_HASH } from "../content/index.ts";
import { StaticQueryProvider } from "../runtime/index.ts";
import { ContentBody } from "./content-body.tsx";
import { STYLEGUIDE_SECTIONS } from "./examples.ts";

function render(sections = STYLEGUIDE_SECTIONS) {
  return renderToStaticMarkup(
    <StaticQueryProvider
      value={{
        [STATIC_QUERY_HASH["site-settings"]]: {
          productName: "Harbor Desk",
          demoUrl: "/lp/get-a-demo/",
        },
      }}
    >
      <ContentBody page={{ heading: "H", description: "D", html: "", sections }} />
    </StaticQueryProvider>,
  );
}

describe("sections", () => {
  // Rich text is shown in the style guide as a prose block: its HTML only ever comes from
  // the build's sanitised Markdown, never from code.
  const WITHOUT_RICH_TEXT = SECTION_TYPES.filter((type) => type !== "rich-text");

  it("the style guide samples cover every section type but rich text", () => {
    expect(new Set(STYLEGUIDE_SECTIONS.map((section) => section.type))).toEqual(
      new Set(WITHOUT_RICH_TEXT),
    );
  });

  it("render every type, with a leading hero as the only h1", () => {
    const html = render([
      ...STYLEGUIDE_SECTIONS,
      { type: "rich-text", width: "narrow", html: "<p>Sanitised <strong>HTML</strong></p>" },
    ]);
    for (const type of SECTION_TYPES) expect(html).toContain(`data-section="${type}"`);
    expect(html).toContain("<strong>HTML</strong>");
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it("render FAQ answers as native disclosure and the video as a poster button, no iframe", () => {
    const html = render();
    expect(html).toContain("<details");
    expect(html).toContain("<summary");
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("youtube");
  });

  it("formats plan prices in dollars and shows the default billing period", () => {
    const html = render();
    expect(html).toContain(">$20<");
    expect(html).toContain(">$42<");
    expect(html).toContain('aria-pressed="true"');
  });

  it("shows the page heading as the h1 when no hero leads", () => {
    const html = render([{ type: "cta-band", heading: "Go", ctas: [{ label: "Go", href: "/" }] }]);
    expect(html).toMatch(/<h1[^>]*>H<\/h1>/);
  });
});
