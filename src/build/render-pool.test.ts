import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRenderPool } from "./render-pool.ts";
import type { RenderShared } from "./render-route.ts";
import type { Route } from "./routes.ts";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "hd-render-pool-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const route = {
  path: "/x/",
  componentChunkName: "template---page",
  head: { title: "X", description: "x", canonical: "https://x.test/x/", type: "website" },
  pageContext: {},
  data: {},
  inSitemap: true,
} as unknown as Route;
const shared = {
  compilationHash: "test",
  staticQueryResults: {},
  slices: {},
  matchPaths: [],
  document: { siteName: "Harbor Desk", siteUrl: "https://x.test" },
  outDir: "/nonexistent",
  manifest: {},
  inlineCriticalCss: false,
} as unknown as RenderShared;

describe("the render pool", () => {
  it("fails the render, not the process, when its workers cannot load the server bundle", async () => {
    const pool = startRenderPool(join(work, "missing", "entry-server.js"), 2);
    // Time to fail while nobody is rendering yet: the error must wait for render().
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(pool.render([route], shared, { onlyChanged: false })).rejects.toThrow(
      /entry-server\.js/,
    );
    await pool.close();
    await pool.close();
  });

  it("reports a page that fails to render with the worker's stack", async () => {
    const bundle = join(work, "throwing-bundle.mjs");
    await writeFile(
      bundle,
      'export function renderPageHtml() { throw new Error("template exploded"); }\n',
    );
    const pool = startRenderPool(bundle, 1);
    try {
      await expect(pool.render([route], shared, { onlyChanged: false })).rejects.toThrow(
        /A prerender worker failed/,
      );
    } finally {
      await pool.close();
    }
  });

  it("fails the render when a worker stops without an error", async () => {
    const bundle = join(work, "exiting-bundle.mjs");
    await writeFile(bundle, "process.exit(0);\nexport function renderPageHtml() {}\n");
    const pool = startRenderPool(bundle, 1);
    try {
      await expect(pool.render([route], shared, { onlyChanged: false })).rejects.toThrow(
        /stopped with exit code 0/,
      );
    } finally {
      await pool.close();
    }
  });
});
