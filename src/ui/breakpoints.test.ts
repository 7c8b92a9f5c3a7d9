import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BREAKPOINTS } from "./breakpoints.ts";

const css = readFileSync(new URL("../site/styles.css", import.meta.url), "utf8");

describe("breakpoints", () => {
  it("are the spec's values", () => {
    expect(BREAKPOINTS).toEqual({ XS: 375, S: 480, M: 768, L: 1024, XL: 1600, "2XL": 2560 });
  });

  it("equal the Tailwind screens declared in src/site/styles.css", () => {
    const declared = Object.fromEntries(
      [...css.matchAll(/--breakpoint-([a-z0-9]+):\s*(\d+)px/g)].map(([, name = "", px = ""]) => [
        name.toUpperCase(),
        Number(px),
      ]),
    );
    expect(declared).toEqual(BREAKPOINTS);
  });
});
