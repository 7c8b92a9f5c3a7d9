import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BADGE_COLORS, BADGE_SIZES, Badge } from "./badge.tsx";

describe("Badge", () => {
  it("declares the spec's thirteen colours and three sizes", () => {
    expect(Object.keys(BADGE_COLORS)).toEqual([
      "charcoal",
      "charcoal-tint",
      "clay",
      "clay-tint",
      "cobalt",
      "green",
      "magenta",
      "orange",
      "purple",
      "red",
      "slate",
      "slate-tint",
      "yellow",
    ]);
    expect(Object.keys(BADGE_SIZES)).toEqual(["XS", "S", "M"]);
  });

  it("renders a span with the colour's and size's classes and the caller's props", () => {
    const html = renderToStaticMarkup(
      <Badge color="clay-tint" size="XS" title="New feature" data-badge="new">
        NEW
      </Badge>,
    );
    expect(html).toMatch(/^<span /);
    expect(html).toContain('title="New feature"');
    expect(html).toContain('data-badge="new"');
    expect(html).toContain(BADGE_COLORS["clay-tint"]);
    expect(html).toContain(BADGE_SIZES.XS);
    expect(html).toContain(">NEW</span>");
  });
});
