import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Heading } from "./heading.tsx";
import { ProductNameContext } from "./product-name.ts";

const NBSP = "\u00a0";

function render(text: string, level: 1 | 2 | 3 = 2) {
  return renderToStaticMarkup(
    <ProductNameContext.Provider value="Harbor Desk">
      <Heading level={level} id="h">
        {text}
      </Heading>
    </ProductNameContext.Provider>,
  );
}

describe("Heading", () => {
  it("renders the level's element with the type scale's class", () => {
    const html = render("Pricing", 3);
    expect(html).toMatch(/^<h3 id="h" class="text-h3 font-semibold">/);
  });

  it("keeps the product name unbreakable", () => {
    expect(render("Why teams choose Harbor Desk over email")).toContain(`Harbor${NBSP}Desk`);
  });

  it("joins the last two short words", () => {
    expect(render("Plans that grow with your team")).toContain(`your${NBSP}team`);
  });

  it("leaves the last two words apart when one is longer than five characters", () => {
    expect(render("Everything on one customer record")).toContain("customer record");
  });
});
