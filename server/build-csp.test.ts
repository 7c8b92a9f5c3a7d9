import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { tempFolder } from "../tests/unit/temp-folder.ts";
import { createApp } from "./app.ts";
import { BUILD_CSP_FILE, mergeCsp, readBuildCsp } from "./build-csp.ts";

/** A build folder, with the CSP file when sources are given; removed when the test finishes. */
function buildDir(sources: object | null): string {
  const dir = tempFolder("hd-csp-");
  if (sources) writeFileSync(join(dir, BUILD_CSP_FILE), JSON.stringify(sources));
  return dir;
}

describe("the build's CSP sources", () => {
  it("a missing file adds nothing", () => {
    expect(readBuildCsp(buildDir(null))).toEqual({});
  });

  it("the server's policy allows the configured origins, plus the environment's", async () => {
    const root = buildDir({
      scriptSrc: ["https://tags.example"],
      connectSrc: ["https://tags.example"],
      frameSrc: [],
      imgSrc: [],
    });
    const app = createApp({ root, csp: { scriptSrc: ["https://env.example"] } });
    const csp = (await app.request("/api/health")).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("script-src 'self' https://tags.example https://env.example;");
    expect(csp).toContain("connect-src 'self' https://tags.example;");
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("a rebuild that changes the sources changes the policy without a restart; a half-written file keeps the last", async () => {
    const root = buildDir({ scriptSrc: ["https://tags.example"] });
    const app = createApp({ root });
    const scriptSrc = async () =>
      ((await app.request("/api/health")).headers.get("Content-Security-Policy") ?? "")
        .split("; ")
        .find((directive) => directive.startsWith("script-src"));
    expect(await scriptSrc()).toBe("script-src 'self' https://tags.example");

    const file = join(root, BUILD_CSP_FILE);
    const rewrite = (text: string, second: number) => {
      writeFileSync(file, text);
      // A distinct mtime, as a later build's write has, even on a coarse clock.
      utimesSync(file, second, second);
    };
    rewrite(JSON.stringify({ scriptSrc: ["https://widget.example"] }), 1_000);
    expect(await scriptSrc()).toBe("script-src 'self' https://widget.example");

    const errors: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args));
    try {
      rewrite('{"scriptSrc": ["https://half', 2_000);
      expect(await scriptSrc()).toBe("script-src 'self' https://widget.example");
      expect(errors).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("merging keeps each source once", () => {
    expect(mergeCsp({ scriptSrc: ["a"] }, { scriptSrc: ["a", "b"], reportUri: "/r" })).toEqual({
      scriptSrc: ["a", "b"],
      reportUri: "/r",
    });
  });
});
