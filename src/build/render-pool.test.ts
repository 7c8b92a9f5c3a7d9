import { appendFileSync, existsSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { SEARCH_DIR } from "../search/index.ts";
import { loadContent, loadPostsOf } from "./content.ts";
import { renderMarkdown } from "./markdown.ts";
import { batchSize, startRenderPool } from "./render-pool.ts";
import type { RenderShared } from "./render-route.ts";
import { spawnRenderWorker } from "./render-workers.ts";
import type { Route } from "./routes.ts";
import { contentFixture } from "./test-content.ts";
import { type WriteMode, writes } from "./write-output.ts";

const work = registerTempFolder("hd-render-pool-", "all");
/** A full build into an empty folder: every file written, none there already. */
const FULL_BUILD: WriteMode = { onlyChanged: false, overwrite: false };

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

/** A server bundle that renders a page as its path in <main>, and the client manifest it needs. */
async function plainBundle(name: string): Promise<string> {
  const bundle = join(work(), name);
  await writeFile(
    bundle,
    "export function renderPageHtml(pageData) { return '<main>' + pageData.path + '</main>'; }\n",
  );
  return bundle;
}
const manifest = {
  "src/site/entry-client.tsx": { file: "assets/client.js", isEntry: true },
  "src/site/start-client.tsx": { file: "assets/start.js" },
  "src/templates/page.tsx": { file: "assets/page.js" },
};

/** `length` routes: plain pages where `plain(i)`, the others posts with the body `bodyAt(i)`. */
function postsAndPages(
  length: number,
  plain: (i: number) => boolean,
  bodyAt: (i: number) => string,
): Route[] {
  return Array.from({ length }, (_, i) =>
    plain(i)
      ? ({ ...route, path: `/plain-${i}/`, data: { page: {} } } as Route)
      : ({
          ...route,
          path: `/post-${i}/`,
          data: { page: {} },
          markdown: { target: "page", body: bodyAt(i) },
        } as unknown as Route),
  );
}

describe("batchSize", () => {
  it("hands out full batches while the routes left fill every thread's, then shorter ones down to 10", () => {
    // Two threads holding three batches each: 600 routes left still fill them with 100s.
    expect(batchSize(100, 10_000, 2)).toBe(100);
    expect(batchSize(100, 600, 2)).toBe(100);
    expect(batchSize(100, 599, 2)).toBe(100);
    expect(batchSize(100, 300, 2)).toBe(50);
    expect(batchSize(100, 61, 2)).toBe(11);
    expect(batchSize(100, 12, 2)).toBe(10);
    // The build's own thread takes 20 at most, however many are left.
    expect(batchSize(20, 10_000, 2)).toBe(20);
    expect(batchSize(20, 30, 2)).toBe(10);
  });
});

describe("the render pool", () => {
  it("fails the render, not the process, when its workers cannot load the server bundle", async () => {
    const pool = startRenderPool(join(work(), "missing", "entry-server.js"), 2);
    // Time to fail while nobody is rendering yet: the error must wait for render().
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(pool.render([route], shared, { mode: FULL_BUILD })).rejects.toThrow(
      /entry-server\.js/,
    );
    await pool.close();
    await pool.close();
  });

  it("reports a page that fails to render with the worker's stack", async () => {
    const bundle = join(work(), "throwing-bundle.mjs");
    await writeFile(
      bundle,
      'export function renderPageHtml() { throw new Error("template exploded"); }\n',
    );
    const pool = startRenderPool(bundle, 1);
    try {
      await expect(pool.render([route], shared, { mode: FULL_BUILD })).rejects.toThrow(
        /A prerender worker failed/,
      );
    } finally {
      await pool.close();
    }
  });

  it("fails the render when a worker stops without an error", async () => {
    const bundle = join(work(), "exiting-bundle.mjs");
    await writeFile(bundle, "process.exit(0);\nexport function renderPageHtml() {}\n");
    const pool = startRenderPool(bundle, 1);
    try {
      await expect(pool.render([route], shared, { mode: FULL_BUILD })).rejects.toThrow(
        /stopped with exit code 0/,
      );
    } finally {
      await pool.close();
    }
  });

  it("renders the routes it is given later, after the first ones, none skipped", async () => {
    const bundle = await plainBundle("plain-bundle.mjs");
    const outDir = join(work(), "later-out");
    const routeAt = (path: string) => ({ ...route, path, data: { page: {} } }) as Route;
    const first = Array.from({ length: 150 }, (_, i) => routeAt(`/first-${i}/`));
    const later = Array.from({ length: 230 }, (_, i) => routeAt(`/later-${i}/`));
    const pool = startRenderPool(bundle, 2);
    try {
      const rendered = await pool.render(
        first,
        { ...shared, outDir, manifest },
        {
          mode: FULL_BUILD,
          later: new Promise((resolve) => setTimeout(() => resolve(later), 200)),
        },
      );
      expect(rendered.stats.map((stat) => stat.path)).toEqual(
        [...first, ...later].map((each) => each.path),
      );
      const html = await readFile(join(outDir, "later-229", "index.html"), "utf8");
      expect(html).toContain("<main>/later-229/</main>");
    } finally {
      await pool.close();
    }
  });

  it("fails the render when the routes it waits for cannot come", async () => {
    const bundle = join(work(), "plain-bundle-2.mjs");
    await writeFile(bundle, "export function renderPageHtml() { return '<main></main>'; }\n");
    const pool = startRenderPool(bundle, 2);
    try {
      await expect(
        pool.render(
          [route],
          { ...shared, outDir: join(work(), "failed-out") },
          {
            mode: FULL_BUILD,
            later: Promise.reject(new Error("content/images/missing.png is missing")),
          },
        ),
      ).rejects.toThrow(/missing\.png/);
    } finally {
      await pool.close();
    }
  });

  it("renders bodies handed out ahead in the worker that has them, the pages' order kept", async () => {
    const bundle = await plainBundle("plain-bundle-3.mjs");
    const outDir = join(work(), "ahead-out");
    const body = (i: number) => `## Part ${i % 7}\n\nAnswer *ticket ${i}* from the inbox.`;
    // Pages with Markdown, two with the same body, and pages without any between them.
    const routes = postsAndPages(
      420,
      (i) => i % 5 === 4,
      (i) => (i === 1 ? body(0) : body(i)),
    );
    const bodies = routes.flatMap((each) => (each.markdown ? [each.markdown.body] : []));
    for (const size of [1, 3]) {
      const pool = startRenderPool(bundle, size);
      try {
        pool.prepareMarkdown(bodies);
        // Time for the workers to start and render them ahead (about 0.3 s here; the rest is
        // for a loaded machine).
        await new Promise((resolve) => setTimeout(resolve, 2500));
        const rendered = await pool.render(
          routes,
          { ...shared, outDir: `${outDir}-${size}`, manifest },
          { mode: FULL_BUILD },
        );
        expect(rendered.stats.map((stat) => stat.path)).toEqual(routes.map((each) => each.path));
        if (size === 1) {
          // Every body was rendered ahead (the shared one twice) and taken by its page.
          expect(rendered.markdown).toEqual({
            ahead: bodies.length,
            taken: bodies.length,
            rendered: 0,
          });
        } else {
          // The workers without bodies of their own take the plain pages, then help with the
          // others' (the last ones first, the least likely to be rendered ahead yet).
          expect(rendered.markdown.taken + rendered.markdown.rendered).toBe(bodies.length);
          expect(rendered.markdown.taken).toBeGreaterThan(bodies.length / 2);
        }
        for (const at of [0, 1, 2, 418]) {
          const each = routes[at] as Route;
          const pageData = JSON.parse(
            await readFile(
              join(`${outDir}-${size}`, "page-data", each.path, "page-data.json"),
              "utf8",
            ),
          );
          expect(pageData.result.data.page.html, each.path).toBe(
            renderMarkdown(each.markdown?.body as string),
          );
        }
      } finally {
        await pool.close();
      }
    }
  });

  it("renders in the build's own thread beside a worker, each file counted once", async () => {
    const bundle = await plainBundle("plain-bundle-here.mjs");
    const outDir = join(work(), "here-out");
    const body = (i: number) => `Reply to *ticket ${i}* before lunch.`;
    const routes = postsAndPages(460, (i) => i % 3 === 0, body);
    const bodies = routes.flatMap((each) => (each.markdown ? [each.markdown.body] : []));
    const pool = startRenderPool(bundle, 2, { renderHere: true });
    const countBefore = writes.count;
    try {
      // This thread is busy (it derives the routes), so only the worker renders ahead.
      pool.prepareMarkdown(bodies);
      // Time for the worker to start and render them (about 0.3 s here).
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const rendered = await pool.render(
        routes,
        { ...shared, outDir, manifest },
        { mode: FULL_BUILD },
      );
      expect(rendered.stats.map((stat) => stat.path)).toEqual(routes.map((each) => each.path));
      // An HTML file and a page-data file a route, counted by the answers alone: the pages
      // this thread wrote are not counted again in its own count, which the prerender adds.
      expect(rendered.written).toBe(routes.length * 2);
      expect(writes.count).toBe(countBefore);
      expect(rendered.markdown.taken + rendered.markdown.rendered).toBe(bodies.length);
      // The worker had time to render every body ahead and sent its HTML back: whichever
      // thread rendered a post took its HTML, none was rendered twice.
      expect(rendered.markdown).toEqual({
        ahead: bodies.length,
        taken: bodies.length,
        rendered: 0,
      });
      for (const at of [0, 1, 230, 458, 459]) {
        const each = routes[at] as Route;
        const html = await readFile(join(outDir, each.path, "index.html"), "utf8");
        expect(html).toContain(`<main>${each.path}</main>`);
        const pageData = JSON.parse(
          await readFile(join(outDir, "page-data", each.path, "page-data.json"), "utf8"),
        );
        expect(pageData.result.data.page.html, each.path).toBe(
          each.markdown ? renderMarkdown(each.markdown.body) : undefined,
        );
      }
    } finally {
      await pool.close();
    }
  });

  it("has a worker make the routes' folders, and this thread writes its pages without making them", async () => {
    const bundle = await plainBundle("plain-bundle-folders.mjs");
    const outDir = join(work(), "folders-out");
    const routes = postsAndPages(120, () => true, String);
    const pool = startRenderPool(bundle, 2, { renderHere: true });
    const made = writes.foldersComing;
    try {
      // A route the render will not write: its folders are there only if the worker made them.
      pool.prepareFolders(outDir, [...routes.map((each) => each.path), "/only-folders/"]);
      expect(writes.foldersComing).toBe(true);
      const rendered = await pool.render(
        routes,
        { ...shared, outDir, manifest },
        { mode: FULL_BUILD },
      );
      expect(rendered.written).toBe(routes.length * 2);
      expect(statSync(join(outDir, "only-folders")).isDirectory()).toBe(true);
      expect(statSync(join(outDir, "page-data", "only-folders")).isDirectory()).toBe(true);
      for (const each of [routes[0], routes[119]] as Route[]) {
        const html = await readFile(join(outDir, each.path, "index.html"), "utf8");
        expect(html).toContain(`<main>${each.path}</main>`);
      }
    } finally {
      writes.foldersComing = made;
      await pool.close();
    }
  });

  it("renders with workers started before the bundle existed, and stops those it has no use for", async () => {
    // Started first, as the build's entry does, while the bundle is still being written.
    const early = [spawnRenderWorker(), spawnRenderWorker()];
    const exited = early.map(
      ({ worker }) => new Promise<number>((resolve) => worker.once("exit", resolve)),
    );
    // It renders each page's path and the environment React would pick its build by.
    const bundle = join(work(), "env-bundle-early.mjs");
    await writeFile(
      bundle,
      "export function renderPageHtml(pageData) { return '<main>' + pageData.path + '</main>' + process.env.NODE_ENV; }\n",
    );
    const outDir = join(work(), "early-out");
    const routes = postsAndPages(
      30,
      (i) => i % 2 === 0,
      (i) => `Escalate *case ${i}* today.`,
    );
    // One thread: the first worker is all the pool needs.
    const pool = startRenderPool(bundle, 1, { started: early });
    try {
      // The one it has no use for is stopped at once, before any render.
      await exited[1];
      const rendered = await pool.render(
        routes,
        { ...shared, outDir, manifest },
        { mode: FULL_BUILD },
      );
      expect(rendered.stats.map((stat) => stat.path)).toEqual(routes.map((each) => each.path));
      // Production's: the test runner's environment says "test", and the worker was started
      // before anything set it.
      expect(process.env.NODE_ENV).not.toBe("production");
      for (const each of routes) {
        const html = await readFile(join(outDir, each.path, "index.html"), "utf8");
        expect(html).toContain(`<main>${each.path}</main>production`);
      }
    } finally {
      await pool.close();
    }
    // Closing the pool stops the early worker it used.
    await exited[0];
  });

  it("writes over the files that are there in every thread when the build overwrites its output", async () => {
    const bundle = join(work(), "searched-bundle.mjs");
    await writeFile(
      bundle,
      "export function renderPageHtml(pageData) { return '<main><article data-search-body><h1>' +" +
        " pageData.path + '</h1><p>Queues that empty themselves.</p></article></main>'; }\n",
    );
    const outDir = join(work(), "overwrite-out");
    const routes = Array.from(
      { length: 300 },
      (_, i) => ({ ...route, path: `/page-${i}/`, data: { page: {} } }) as Route,
    );
    const searched = { ...shared, outDir, manifest, search: true };
    const titles = new Map<string, string | undefined>();
    const renderWith = async (mode: WriteMode) => {
      const pool = startRenderPool(bundle, 2, { renderHere: true });
      try {
        return await pool.render(routes, searched, {
          mode,
          onSearchEntry: (path, entry) => titles.set(path, entry?.title),
        });
      } finally {
        await pool.close();
        writes.overwrite = false;
      }
    };
    const page = (each: Route) => join(outDir, each.path, "index.html");
    await renderWith(FULL_BUILD);
    const firstPages = await Promise.all(routes.map((each) => readFile(page(each), "utf8")));
    // Each page longer than what the next render writes.
    for (const each of routes) appendFileSync(page(each), "<!-- an older build's -->".repeat(40));
    titles.clear();

    const rendered = await renderWith({ onlyChanged: false, overwrite: true });
    // Cut to the new length, in whichever thread wrote them, and measured as written.
    for (const [at, each] of routes.entries()) {
      expect(await readFile(page(each), "utf8"), each.path).toBe(firstPages[at]);
      expect(rendered.stats[at]?.htmlBytes).toBe(statSync(page(each)).size);
    }
    // Every page's search entry came back, from either thread; a render writes no search file.
    expect([...titles]).toEqual(routes.map((each) => [each.path, each.path]));
    expect(existsSync(join(outDir, SEARCH_DIR))).toBe(false);
  });

  it("fails the render when the build's own thread cannot load the server bundle", async () => {
    const pool = startRenderPool(join(work(), "missing-here", "entry-server.js"), 1, {
      renderHere: true,
    });
    // Time to fail while nobody is rendering yet: the error must wait for render().
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(pool.render([route], shared, { mode: FULL_BUILD })).rejects.toThrow(
      /entry-server\.js/,
    );
    await pool.close();
  });

  it("fails the render, rather than wait, when handing on a page from this thread throws", async () => {
    const bundle = await plainBundle("plain-bundle-here-2.mjs");
    const pool = startRenderPool(bundle, 1, { renderHere: true });
    try {
      const rendering = pool.render(
        [{ ...route, data: { page: {} } } as Route],
        { ...shared, outDir: join(work(), "here-throws"), manifest, search: true },
        {
          mode: FULL_BUILD,
          onSearchEntry: () => {
            throw new Error("search index is full");
          },
        },
      );
      await expect(rendering).rejects.toThrow(/search index is full/);
    } finally {
      await pool.close();
    }
  });
});

describe("posts loaded by a worker of the pool", () => {
  it("are the posts this thread loads from the same files", async () => {
    const bundle = await plainBundle("plain-bundle-posts.mjs");
    const dir = await contentFixture({
      "posts/routing-rules.md":
        '---\ntitle: "Routing rules"\ndescription: "d"\ndate: "2025-03-01"\nauthor: maya-lindqvist\n---\n\nRoute by [topic]({{demo}}).\n',
      "posts/saved-replies.md":
        '---\ntitle: "Saved replies"\ndescription: "d"\ndate: "2025-03-02"\nauthor: tomas-okafor\ntags: [replies]\n---\n\nWrite them once.\n',
    });
    const settings = (await loadContent(dir)).settings;
    const request = {
      dir: join(dir, "posts"),
      names: ["routing-rules.md", "saved-replies.md", "missing-one.md"],
      labels: ["a.md", "b.md", "c.md"],
      settings,
      authorIds: ["maya-lindqvist", "tomas-okafor"],
    };
    const pool = startRenderPool(bundle, 2, { renderHere: true });
    try {
      const answer = await pool.loadPosts(request);
      expect(answer).toEqual(loadPostsOf(request));
      expect(answer).toMatchObject({ failed: { file: "c.md" } });
      const valid = { ...request, names: request.names.slice(0, 2) };
      const loaded = await pool.loadPosts(valid);
      expect(loaded).toEqual(loadPostsOf(valid));
      expect(loaded && "posts" in loaded ? loaded.posts[0]?.body : "").toContain(
        "(/lp/get-a-demo/)",
      );
    } finally {
      await pool.close();
    }
    // A pool of this thread alone has no worker to ask.
    const alone = startRenderPool(bundle, 1, { renderHere: true });
    expect(alone.loadPosts(request)).toBeNull();
    await alone.close();
  });
});
