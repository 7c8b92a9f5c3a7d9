import { describe, expect, it } from "vitest";
import { memoiseCriticalCss, pageShapeKey } from "./critical-css-memo.ts";

describe("the critical CSS memo", () => {
  it("asks once per page shape and answers what it was told", () => {
    const asked: string[] = [];
    const criticalCss = memoiseCriticalCss((_sheets, html) => {
      asked.push(html);
      return `css of ${html.length}`;
    });
    const page = (body: string) => `<header class="a b"></header><main class="c">${body}</main>`;
    expect(criticalCss(["/s.css"], page("one"))).toBe(`css of ${page("one").length}`);
    // Same classes, same characters: the first answer stands.
    expect(criticalCss(["/s.css"], page("two"))).toBe(`css of ${page("one").length}`);
    expect(asked).toHaveLength(1);
  });

  it("tells apart pages whose classes, characters or stylesheets differ", () => {
    const base = pageShapeKey(["/s.css"], '<p class="a">x</p>');
    expect(pageShapeKey(["/s.css"], '<p class="a">y</p>')).toBe(base);
    expect(pageShapeKey(["/s.css"], '<p class="a b">x</p>')).not.toBe(base);
    expect(pageShapeKey(["/s.css"], '<p class="a">é</p>')).not.toBe(base);
    expect(pageShapeKey(["/t.css"], '<p class="a">x</p>')).not.toBe(base);
  });
});
