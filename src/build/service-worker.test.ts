import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OFFLINE_PAGE, writeServiceWorker } from "./service-worker.ts";

describe("writeServiceWorker", () => {
  let work: string;
  let temporary: string;
  let previousTmpdir: string | undefined;

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), "hd-sw-test-"));
    // The system temporary folder as this process and its children see it: whatever Workbox
    // leaves behind lands here.
    temporary = join(work, "tmp");
    mkdirSync(temporary);
    previousTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
  });

  afterEach(() => {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
    rmSync(work, { recursive: true, force: true });
  });

  it("precaches the hashed assets and the offline page, and leaves nothing in the temporary folder", async () => {
    const outDir = join(work, "out");
    mkdirSync(join(outDir, "assets"), { recursive: true });
    writeFileSync(join(outDir, "assets", "runtime-abc123.js"), "console.log('runtime');");
    writeFileSync(join(outDir, "assets", "styles-def456.css"), "body{margin:0}");
    writeFileSync(join(outDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");

    await writeServiceWorker({ outDir, siteName: "Harbor Desk", compilationHash: "hash42" });

    const sw = readFileSync(join(outDir, "sw.js"), "utf8");
    expect(sw).toContain("assets/runtime-abc123.js");
    expect(sw).toContain("assets/styles-def456.css");
    expect(sw).toContain(OFFLINE_PAGE.slice(1));
    expect(sw).toContain("hd-hash42");
    expect(readFileSync(join(outDir, OFFLINE_PAGE), "utf8")).toContain("You are offline");
    // Workbox writes the unbundled worker into a folder of its own under the temporary folder
    // and never removes it; generated in the build's process, one was left per worker.
    expect(readdirSync(temporary)).toEqual([]);
  }, 60_000);

  it("fails with Workbox's reason when it cannot generate, and still cleans up", async () => {
    // A folder where Workbox must write sw.js.
    const outDir = join(work, "out");
    mkdirSync(join(outDir, "sw.js"), { recursive: true });

    await expect(
      writeServiceWorker({ outDir, siteName: "Harbor Desk", compilationHash: "hash42" }),
    ).rejects.toThrow(/Generating the service worker failed:\n.+/);
    expect(readdirSync(temporary)).toEqual([]);
  }, 60_000);
});
