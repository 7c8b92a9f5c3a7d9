import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatHeadline } from "../lib/index.ts";
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

describe("headings written out as elements", () => {
  it("follow the same rules: their text written so, or an h1 given its headline by the build", () => {
    // The tool and interview pages write their heading elements in their own styles. A fixed
    // text is written with the rules applied (&nbsp;); an h1 from data gets them in the build
    // (src/build/routes.ts), so its island needs no code for them.
    const root = resolve(import.meta.dirname, "..");
    const problems: string[] = [];
    let found = 0;
    for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".tsx") || file.endsWith(".test.tsx") || file === "ui/heading.tsx")
        continue;
      const source = readFileSync(join(root, file), "utf8");
      for (const match of source.matchAll(/<(h[1-6])\b[^>]*>([\s\S]*?)<\/\1>/g)) {
        found += 1;
        const [element, tag, inner] = match as unknown as [string, string, string];
        if (/[{<]/.test(inner)) {
          if (tag === "h1" && inner.trim() !== "{data.headline}") {
            problems.push(
              `src/${file}: an h1 from data needs a headline from the build: ${element}`,
            );
          }
          continue;
        }
        const text = inner.replace(/\s+/g, " ").trim().replaceAll("&nbsp;", NBSP);
        const expected = formatHeadline(text.replaceAll(NBSP, " "), "Harbor Desk");
        if (text !== expected) problems.push(`src/${file}: write "${expected}": ${element}`);
      }
    }
    expect(found).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });
});
