import { getCompileCacheDir } from "node:module";
import { describe, expect, it } from "vitest";
import { COMPILE_CACHE_DIR } from "./compile-cache.ts";

describe("the build's compile cache", () => {
  it("is on once the build is loaded, in the project's .cache", async () => {
    await import("./build-site.ts");
    // Node keeps a folder per version inside it.
    expect(getCompileCacheDir()?.startsWith(`${COMPILE_CACHE_DIR}/`)).toBe(true);
    expect(COMPILE_CACHE_DIR).toMatch(/[/\\]\.cache[/\\]compile$/);
  });
});
