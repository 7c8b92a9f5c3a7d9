import { describe, expect, it } from "vitest";
import { moduleImportOrder } from "./first-load-modules.ts";

describe("the order the entry imports a page's modules in", () => {
  it("keeps the listed order: imports first, the start module last", () => {
    expect(moduleImportOrder("/assets/react-b.js /assets/runtime-c.js /assets/start-a.js")).toEqual(
      ["/assets/react-b.js", "/assets/runtime-c.js", "/assets/start-a.js"],
    );
  });

  it("tolerates extra spaces", () => {
    expect(moduleImportOrder("  /a.js   /s.js ")).toEqual(["/a.js", "/s.js"]);
  });

  it("imports nothing without a list: the page stays static rather than half-started", () => {
    expect(moduleImportOrder(null)).toEqual([]);
    expect(moduleImportOrder("")).toEqual([]);
  });
});
