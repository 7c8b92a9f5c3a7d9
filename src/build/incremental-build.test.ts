/**
 * An incremental rebuild writes the same bytes as a full build of the same content: build,
 * retitle one post and delete another, rebuild incrementally, then compare every file with a
 * fresh full build into another folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { type BuildReport, buildCacheDirOf, buildSite } from "./build-site.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const EDITED = "ai-that-helps";
const DELETED = "csat-surveys-people-answer";

const work = registerTempFolder("hd-incremental-test-", "all");
let first: BuildReport;
let rebuild: BuildReport;
let noChange: BuildReport;
let bodyEdit: BuildReport;
let fullBuild: BuildReport;
let mtimesBefore: Map<string, number>;

function files(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    found.set(full.slice(dir.length + 1), statSync(full).mtimeMs);
  }
  return found;
}

/** This process's children that run og-child.ts (src/images/build/), from /proc. */
function ogChildrenOfThisProcess(): number[] {
  return readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The parent's id is the second field after the command's closing parenthesis.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      return parent === process.pid && command.includes("og-child.ts") ? [Number(entry)] : [];
    } catch {
      return []; // Gone meanwhile.
    }
  });
}

beforeAll(async () => {
  const content = join(work(), "content");
  await cp(join(ROOT, "content"), content, { recursive: true });
  // The deleted post may be linked from pages: this test is about the output, not the links.
  // A cache of its own: the first build runs Vite and Workbox and keeps their output, and the
  // full build at the end copies it, so the comparison below holds the cache to fresh bytes.
  const codeCache = join(work(), "code-cache");
  const options = { contentDir: content, checkLinks: false, incremental: true, codeCache };
  first = await buildSite({ ...options, outDir: join(work(), "incremental") });

  const edited = join(content, "posts", `${EDITED}.md`);
  const text = await readFile(edited, "utf8");
  await writeFile(
    edited,
    `${text.replace('title: "AI that helps, not hides"', 'title: "AI that helps, and never hides"')}\nOne more paragraph.\n`,
  );
  await rm(join(content, "posts", `${DELETED}.md`));
  mtimesBefore = files(join(work(), "incremental"));
  rebuild = await buildSite({ ...options, outDir: join(work(), "incremental") });
  noChange = await buildSite({ ...options, outDir: join(work(), "incremental") });
  // A body edited and nothing else, so the routes are the same: the rebuild's helper applies
  // the entry to the index it prepared during the render, and the comparison with the full
  // build below holds that index to the full build's bytes.
  await writeFile(edited, `${await readFile(edited, "utf8")}\nQuayside answers, quickly.\n`);
  bodyEdit = await buildSite({ ...options, outDir: join(work(), "incremental") });
  fullBuild = await buildSite({
    contentDir: content,
    checkLinks: false,
    outDir: join(work(), "full"),
    codeCache,
  });
  // Four builds of the real site on two shared cores: the limit only catches a hang.
}, 600_000);

afterAll(async () => {
  // The incremental builds keep their state and server bundle in the project's .cache/. After
  // hooks run last-registered first, so work() is still there: the helper's removal comes next.
  await rm(buildCacheDirOf(join(work(), "incremental")), { recursive: true, force: true });
});

describe("an incremental rebuild", () => {
  it("is a full build the first time, then reuses the bundles and renders only what changed", () => {
    expect(first.reused).toBe(false);
    expect(first.bundles).toBe("built");
    expect(first.rendered).toBe(first.routes);
    expect(rebuild.reused).toBe(true);
    expect(rebuild.bundles).toBe("reused");
    expect(rebuild.rendered).toBeGreaterThan(0);
    expect(rebuild.rendered).toBeLessThan(rebuild.routes / 2);
    expect(rebuild.filesDeleted).toBeGreaterThanOrEqual(2);
  });

  it("parses only the post that was edited, taking the others from the post cache", () => {
    expect(first.postCache?.found).toBe(0);
    const posts = first.postCache?.made ?? 0;
    expect(posts).toBeGreaterThan(2);
    // One post edited, one deleted.
    expect(rebuild.postCache).toMatchObject({ found: posts - 2, made: 1 });
    expect(noChange.postCache).toMatchObject({ found: posts - 1, made: 0 });
    // Read by the rebuild seconds after they were copied, the unchanged posts are taken by
    // their files' stamps, unread; the edited one too unless it was read within 100 ms of its
    // edit (post-cache.ts).
    expect(noChange.postCache?.unread).toBeGreaterThanOrEqual(posts - 2);
    expect(fullBuild.postCache).toBeNull();
  });

  it("writes exactly the files a full build of the same content writes", () => {
    // That full build's bundles and service worker came from the first build's cache.
    expect(fullBuild.bundles).toBe("cached");
    // One worker kept, the very bytes both outputs carry.
    const keptWorkers = readdirSync(join(work(), "code-cache", "service-worker"));
    expect(keptWorkers).toHaveLength(1);
    expect(
      readFileSync(join(work(), "code-cache", "service-worker", keptWorkers[0] as string)).equals(
        readFileSync(join(work(), "full", "sw.js")),
      ),
    ).toBe(true);
    const incremental = join(work(), "incremental");
    const full = join(work(), "full");
    const incrementalFiles = [...files(incremental).keys()].sort();
    expect(incrementalFiles).toEqual([...files(full).keys()].sort());
    const differing = incrementalFiles.filter(
      (file) => !readFileSync(join(incremental, file)).equals(readFileSync(join(full, file))),
    );
    expect(differing).toEqual([]);
  });

  it("leaves the pages it did not render untouched", () => {
    const after = files(join(work(), "incremental"));
    // Neither the edited post's author (maya-lindqvist) nor the deleted one's (tomas-okafor).
    const untouched = ["blog/authors/priya-raman/index.html", "pricing/contact-based/index.html"];
    for (const file of untouched) expect(after.get(file), file).toBe(mtimesBefore.get(file));
    expect(after.get(`blog/${EDITED}/index.html`)).not.toBe(
      mtimesBefore.get(`blog/${EDITED}/index.html`),
    );
    expect(after.has(`blog/${DELETED}/index.html`)).toBe(false);
  });

  it("leaves no card renderer running after any build", async () => {
    // Every incremental build starts a renderer ahead of its cards; one that drew none is
    // stopped when the build is done, not left waiting for cards until this process exits.
    while (ogChildrenOfThisProcess().length > 0) {
      await new Promise((done) => setTimeout(done, 20));
    }
  });

  it("after a body edit, renders that post and rewrites the search index it changed", () => {
    expect(bodyEdit.reused).toBe(true);
    expect(bodyEdit.rendered).toBeGreaterThanOrEqual(1);
    expect(bodyEdit.rendered).toBeLessThan(bodyEdit.routes / 2);
    expect(bodyEdit.searchFiles).toBeGreaterThan(0);
  });

  it("renders nothing and writes nothing when nothing changed", () => {
    expect(noChange.reused).toBe(true);
    expect(noChange.rendered).toBe(0);
    expect(noChange.filesWritten).toBe(0);
    expect(noChange.searchFiles).toBe(0);
  });
});

/** The incremental builds' options, for the rebuilds that follow the first block's. */
function rebuildOptions() {
  return {
    contentDir: join(work(), "content"),
    outDir: join(work(), "incremental"),
    checkLinks: false,
    incremental: true,
    codeCache: join(work(), "code-cache"),
  };
}

describe("a rebuild after its output or its cache was tampered with", () => {
  const LOST_PAGE = "pricing/contact-based/index.html";
  const LOST_DATA = "page-data/blog/authors/priya-raman/page-data.json";
  let repaired: BuildReport;
  let unreadableEntries: BuildReport;
  let afterUnreadable: BuildReport;

  beforeAll(async () => {
    const options = rebuildOptions();
    await rm(join(options.outDir, LOST_PAGE));
    await rm(join(options.outDir, LOST_DATA));
    repaired = await buildSite(options);
    await writeFile(join(buildCacheDirOf(options.outDir), "search-entries.json"), "[[");
    unreadableEntries = await buildSite(options);
    afterUnreadable = await buildSite(options);
  }, 600_000);

  it("renders again the pages that lost a file, and only those", () => {
    expect(repaired.reused).toBe(true);
    expect(repaired.rendered).toBe(2);
    const output = files(join(work(), "incremental"));
    expect(output.has(LOST_PAGE)).toBe(true);
    expect(output.has(LOST_DATA)).toBe(true);
  });

  it("renders every page again when the kept search entries cannot be read", () => {
    expect(unreadableEntries.reused).toBe(true);
    expect(unreadableEntries.rendered).toBe(unreadableEntries.routes);
    expect(afterUnreadable.rendered).toBe(0);
    // Its output, search index included, is the one the full build into its own folder wrote.
    const incremental = join(work(), "incremental");
    const written = [...files(incremental).keys()].sort();
    expect(written).toEqual([...files(join(work(), "full")).keys()].sort());
    const differing = written.filter(
      (file) =>
        !readFileSync(join(incremental, file)).equals(readFileSync(join(work(), "full", file))),
    );
    expect(differing).toEqual([]);
  });
});

describe("a rebuild after the site's name or the build's settings changed", () => {
  let renamed: BuildReport;
  let unminified: BuildReport;

  beforeAll(async () => {
    const options = rebuildOptions();
    const settings = join(options.contentDir, "settings.json");
    const text = await readFile(settings, "utf8");
    await writeFile(
      settings,
      text.replace('"productName": "Harbor Desk"', '"productName": "Harbour Desk"'),
    );
    renamed = await buildSite(options);
    process.env.HD_NO_MINIFY = "1";
    try {
      unminified = await buildSite(options);
    } finally {
      delete process.env.HD_NO_MINIFY;
    }
  }, 600_000);

  it("compresses the service worker written again for the new name, so no copy serves the old", () => {
    expect(renamed.reused).toBe(true);
    const output = join(work(), "incremental");
    // The offline page shows the name, and the worker precaches it by its revision.
    expect(readFileSync(join(output, "offline.html"), "utf8")).toContain("Harbour Desk");
    for (const file of ["sw.js", "offline.html"]) {
      const bytes = readFileSync(join(output, file));
      for (const [suffix, decompress] of [
        [".br", brotliDecompressSync],
        [".gz", gunzipSync],
      ] as const) {
        const copy = join(output, `${file}${suffix}`);
        if (!existsSync(copy)) continue;
        expect(decompress(readFileSync(copy)).equals(bytes), `${file}${suffix}`).toBe(true);
      }
    }
    expect(existsSync(join(output, "sw.js.br"))).toBe(true);
  });

  it("reuses nothing when the bundles are not to be minified", () => {
    expect(unminified.reused).toBe(false);
    expect(unminified.rendered).toBe(unminified.routes);
  });
});
