import { describe, expect, it } from "vitest";
import { moduleImportOrder } from "./first-load-modules.ts";

describe("the order the entry imports a page's modules in", () => {
  it("keeps the listed order (imports first) and ends with the start module", () => {
    expect(
      moduleImportOrder(
        "/assets/start-a.js",
        "/assets/react-b.js /assets/runtime-c.js /assets/start-a.js",
      ),
    ).toEqual(["/assets/react-b.js", "/assets/runtime-c.js", "/assets/start-a.js"]);
  });

  it("moves a misplaced start module to the end, once", () => {
    expect(moduleImportOrder("/s.js", "/s.js /a.js /s.js /b.js")).toEqual([
      "/a.js",
      "/b.js",
      "/s.js",
    ]);
  });

  it("imports the start module alone when nothing else is listed, and tolerates extra spaces", () => {
    expect(moduleImportOrder("/s.js", null)).toEqual(["/s.js"]);
    expect(moduleImportOrder("/s.js", "  /a.js   ")).toEqual(["/a.js", "/s.js"]);
  });

  it("imports nothing without a start module: the page stays static rather than half-started", () => {
    expect(moduleImportOrder(null, "/a.js /b.js")).toEqual([]);
    expect(moduleImportOrder("", "/a.js")).toEqual([]);
  });
});
