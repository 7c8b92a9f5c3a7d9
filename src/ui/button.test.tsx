import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BUTTON_SIZES, BUTTON_VARIANTS, buttonClassName } from "./button.tsx";
import { Button } from "./button-element.tsx";

describe("Button", () => {
  it("declares the spec's sizes and variants", () => {
    expect(Object.keys(BUTTON_SIZES)).toEqual(["S", "M", "L"]);
    expect(Object.keys(BUTTON_VARIANTS)).toEqual(["primary", "secondary", "outline", "warning"]);
  });

  it("renders a type=button by default, with the variant's and size's classes", () => {
    const html = renderToStaticMarkup(
      <Button variant="warning" size="L" aria-describedby="hint" disabled>
        Delete
      </Button>,
    );
    expect(html).toContain('type="button"');
    expect(html).toContain('aria-describedby="hint"');
    expect(html).toContain('disabled=""');
    expect(html).toContain('data-variant="warning"');
    expect(html).toContain(BUTTON_VARIANTS.warning);
    expect(html).toContain(BUTTON_SIZES.L);
    expect(html).not.toContain(BUTTON_VARIANTS.primary);
  });

  it("defaults to primary M and keeps the caller's class and submit type", () => {
    const html = renderToStaticMarkup(<Button type="submit" className="w-full" />);
    expect(html).toContain('type="submit"');
    expect(html).toContain(`${BUTTON_VARIANTS.primary} ${BUTTON_SIZES.M} w-full`);
  });

  it("gives links the same look through buttonClassName", () => {
    expect(buttonClassName({ variant: "outline", size: "S" })).toContain(BUTTON_VARIANTS.outline);
    expect(buttonClassName({ variant: "outline", size: "S" })).toContain(BUTTON_SIZES.S);
  });
});
