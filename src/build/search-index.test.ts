import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { createSiteSearch, SEARCH_DIR, type SearchManifest } from "../search/index.ts";
import { createSearchIndex, type SearchEntry, searchEntryFor } from "./search-index.ts";
import { searchedPartsOf } from "./search-record.ts";

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title} | Harbor Desk</title></head><body><header>Pricing Product</header><main><article data-search-body><h1>${title}</h1>${body}</article></main></body></html>`;

const PAGES: Record<string, string> = {
  "/blog/deflection/": page(
    "Deflection that customers thank you for",
    "<p>Self-service articles answer tickets before agents see them.</p>",
  ),
  "/blog/staffing/": page(
    "Staffing a queue with Erlang C",
    "<p>Forecast tickets per hour, then staff agents to the service level.</p>",
  ),
  "/blog/csat/": page(
    "CSAT surveys people answer",
    "<p>Short surveys, sent while the conversation is fresh.</p>",
  ),
  "/pricing/":
    "<html><head><title>Pricing</title></head><body><main><h1>Pricing</h1></main></body></html>",
};

const work = registerTempFolder("hd-search-index-", "all");

/** Every file of the index, path → bytes. */
function indexFiles(outDir: string): Map<string, string> {
  const dir = join(outDir, SEARCH_DIR);
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = join(dir, name);
    if (statSync(file).isFile()) files.set(name, readFileSync(file, "utf8"));
  }
  return files;
}

function build(
  outDir: string,
  pages: Record<string, string>,
  previous?: ReadonlyMap<string, SearchEntry>,
) {
  const index = createSearchIndex(previous);
  for (const [path, html] of Object.entries(pages))
    index.set(path, searchEntryFor(searchedPartsOf(html)));
  return { index, written: index.write(outDir, Object.keys(pages)) };
}

const searchIn = (outDir: string) =>
  createSiteSearch(async (url) => JSON.parse(readFileSync(join(outDir, url), "utf8")));

describe("the search index", () => {
  it("finds pages by body and title words, plural or singular, through the browser's client", async () => {
    const out = join(work(), "full");
    const { written } = build(out, PAGES);
    expect(written.pages).toBe(3);
    const manifest = JSON.parse(
      readFileSync(join(out, SEARCH_DIR, "index.json"), "utf8"),
    ) as SearchManifest;
    expect(manifest.pages).toBe(3);

    const search = searchIn(out);
    expect((await search.search("ticket", 8)).map((result) => result.path).sort()).toEqual([
      "/blog/deflection/",
      "/blog/staffing/",
    ]);
    // Words of the title weigh more than the body's.
    expect((await search.search("surveys", 8))[0]).toMatchObject({
      path: "/blog/csat/",
      title: "CSAT surveys people answer",
    });
    expect((await search.search("erlang agent", 8)).map((result) => result.path)).toEqual([
      "/blog/staffing/",
    ]);
    // The shell is not the page: the header's words find nothing, nor does an unsearched page.
    expect(await search.search("pricing", 8)).toEqual([]);
  });

  it("rebuilt from the earlier entries with one page changed and one gone, is the full build's index", () => {
    const first = join(work(), "incremental");
    const { index } = build(first, PAGES);
    const before = indexFiles(first);
    // Rebuilt from its own entries with nothing changed, the index writes nothing.
    expect(createSearchIndex(index.entries()).write(first, Object.keys(PAGES))).toEqual({
      pages: 3,
      filesWritten: 0,
    });

    const changed = {
      ...PAGES,
      "/blog/csat/": page("CSAT surveys people finish", "<p>Two questions.</p>"),
    };
    delete (changed as Record<string, string>)["/blog/deflection/"];
    const next = createSearchIndex(index.entries());
    next.set("/blog/csat/", searchEntryFor(searchedPartsOf(changed["/blog/csat/"] as string)));
    // A text file per page, as the first format wrote them: a build over that output drops them.
    mkdirSync(join(first, SEARCH_DIR, "f"));
    writeFileSync(join(first, SEARCH_DIR, "f", "0123.json"), '{"text":"old"}');
    const { filesWritten } = next.write(first, Object.keys(changed));

    const full = join(work(), "full-changed");
    build(full, changed);
    expect(indexFiles(first)).toEqual(indexFiles(full));
    expect(existsSync(join(first, SEARCH_DIR, "f"))).toBe(false);
    // Only what changed was written (a page gone renumbers the pages after it, and any change
    // of length moves every weight: most files change).
    const after = indexFiles(first);
    const changedFiles = [...after].filter(([name, bytes]) => before.get(name) !== bytes);
    expect(filesWritten).toBe(changedFiles.length);
  });

  it("lists each searched page's path and title, in route order", () => {
    const out = join(work(), "lists");
    build(out, PAGES);
    const lists = [...indexFiles(out)].filter(([name]) => name.startsWith("p/"));
    expect(lists).toHaveLength(1);
    expect(JSON.parse(lists[0]?.[1] as string)).toEqual([
      { path: "/blog/deflection/", title: "Deflection that customers thank you for" },
      { path: "/blog/staffing/", title: "Staffing a queue with Erlang C" },
      { path: "/blog/csat/", title: "CSAT surveys people answer" },
    ]);
  });
});
