import { getCompileCacheDir } from "node:module";
import { describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { COMPILE_CACHE_DIR } from "./compile-cache.mjs";

describe("the build's compile cache", () => {
  it("is on once the build is loaded, in the project's .cache", async () => {
    await import("./build-site.ts");
    // Node keeps a folder per version inside it.
    expect(getCompileCacheDir()?.startsWith(`${COMPILE_CACHE_DIR}/`)).toBe(true);
    expect(COMPILE_CACHE_DIR).toMatch(/[/\\]\.cache[/\\]compile$/);
  });

  it("is preloaded by the commands that build, so their own TypeScript entry is cached too", () => {
    for (const script of ["build", "start"] as const) {
      expect(packageJson.scripts[script]).toMatch(
        /^node --import \.\/src\/build\/compile-cache\.mjs /,
      );
    }
  });
});
