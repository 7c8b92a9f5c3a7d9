import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { componentSourceFile } from "../site/index.ts";
import { loadContent } from "./content.ts";
import { prerender } from "./prerender.ts";
import { type RenderPool, startRenderPool } from "./render-pool.ts";
import { buildRoutes } from "./routes.ts";
import { contentFixture } from "./test-content.ts";

const work = registerTempFolder("hd-prerender-");

describe("prerender with the caller's render pool", () => {
  it("stops the pool's workers before it waits for the Open Graph cards", async () => {
    const content = await loadContent(await contentFixture());
    const routes = buildRoutes(content).slice(0, 3);
    const manifest: Record<string, { file: string; isEntry?: boolean }> = {
      "src/site/entry-client.tsx": { file: "assets/client.js", isEntry: true },
      "src/site/start-client.tsx": { file: "assets/start.js" },
    };
    for (const route of routes) {
      const source = componentSourceFile(route.componentChunkName);
      if (source) manifest[source] = { file: `assets/${route.componentChunkName}.js` };
    }
    const bundle = join(work(), "bundle.mjs");
    await writeFile(
      bundle,
      "export function renderPageHtml(pageData) { return '<main>' + pageData.path + '</main>'; }\n",
    );
    const outDir = join(work(), "out");
    await mkdir(outDir);

    const pool = startRenderPool(bundle, 1);
    const events: string[] = [];
    let cardsWritten: () => void = () => {};
    const written = new Promise<void>((resolve) => {
      cardsWritten = resolve;
    });
    // A first build's cards are written long after its pages: here they are written once the
    // pool is closed, or after 5 s (then the order below fails the test).
    const late = setTimeout(() => {
      events.push("cards written");
      cardsWritten();
    }, 5_000);
    const watched: RenderPool = {
      ...pool,
      close: () => {
        events.push("pool closed");
        clearTimeout(late);
        setImmediate(() => {
          events.push("cards written");
          cardsWritten();
        });
        return pool.close();
      },
    };
    try {
      const report = await prerender({
        content,
        routes,
        outDir,
        serverBundle: bundle,
        manifest,
        pool: watched,
        precompressAssets: false,
        resolveImages: () => ({ waiting: new Set(), resolved: Promise.resolve(), written }),
      });
      expect(report.routes).toBe(routes.length);
      expect(events.slice(0, 2)).toEqual(["pool closed", "cards written"]);
    } finally {
      clearTimeout(late);
      await pool.close();
    }
  });
});
