import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { createSiteSearch, SEARCH_DIR, type SearchManifest } from "../search/index.ts";
import {
  createSearchIndex,
  prepareSearchIndex,
  type SearchEntry,
  searchEntryFor,
} from "./search-index.ts";
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

describe("a search index prepared before the render", () => {
  /** A made-up entry: its terms drawn from a small vocabulary, so pages share most of them. */
  function entryOf(seed: number, title = `Page ${seed}`): SearchEntry {
    const counts = new Map<string, number>();
    let state = seed * 7919 + 13;
    for (let i = 0; i < 12; i += 1) {
      state = (state * 48271) % 2147483647;
      const term = `term${state % 40}`;
      counts.set(term, (counts.get(term) ?? 0) + 1 + (state % 3));
    }
    const terms: (string | number)[] = [];
    let length = 0;
    for (const term of [...counts.keys()].sort()) {
      terms.push(term, counts.get(term) as number);
      length += counts.get(term) as number;
    }
    return { title, length, terms };
  }

  const PATHS = Array.from({ length: 60 }, (_, index) => `/blog/post-${index}/`);
  // Some routes are not searched (a page without a searched body).
  const previous = new Map(
    PATHS.filter((_, index) => index % 7 !== 3).map((path, index) => [path, entryOf(index)]),
  );

  /** What the full path writes and saves for the same changes: the bytes to match. */
  function fullIndex(out: string, changes: Map<string, SearchEntry | null>) {
    const index = createSearchIndex(previous);
    for (const [path, entry] of changes) index.set(path, entry);
    const written = index.write(out, PATHS);
    return { written, saved: JSON.stringify([...index.entries()]) };
  }

  it("writes and saves what the full index does, for edits that drop, add and keep terms", () => {
    const changes = new Map<string, SearchEntry | null>([
      // Retitled, with other words: terms lost (some only it had) and terms new to the index.
      ["/blog/post-0/", { ...entryOf(1000, "Post zero, retitled"), terms: ["zzz-new", 2] }],
      ["/blog/post-5/", entryOf(2000)],
      // Its entry as it was: rendered again for another reason.
      ["/blog/post-9/", previous.get("/blog/post-9/") as SearchEntry],
      // Still not searched.
      ["/blog/post-3/", null],
    ]);
    const prepared = prepareSearchIndex(previous, PATHS);
    expect(prepared.takes(changes, PATHS)).toBe(true);
    const preparedOut = join(work(), "prepared");
    const fullOut = join(work(), "full-for-prepared");
    const written = prepared.write(preparedOut, changes);
    const full = fullIndex(fullOut, changes);
    expect(written).toEqual(full.written);
    expect(indexFiles(preparedOut)).toEqual(indexFiles(fullOut));
    expect(prepared.entriesJson()).toBe(full.saved);
  });

  it("writes the full index's bytes when a term leaves the index and comes back in one rebuild", () => {
    // post-0 alone has "only-here"; post-0 drops it and post-1 brings it back.
    const base = new Map(previous);
    base.set("/blog/post-0/", { title: "Zero", length: 3, terms: ["only-here", 3] });
    const changes = new Map<string, SearchEntry | null>([
      ["/blog/post-0/", { title: "Zero", length: 2, terms: ["elsewhere", 2] }],
      ["/blog/post-1/", { title: "One", length: 1, terms: ["only-here", 1] }],
    ]);
    const prepared = prepareSearchIndex(base, PATHS);
    expect(prepared.takes(changes, PATHS)).toBe(true);
    const preparedOut = join(work(), "prepared-again");
    prepared.write(preparedOut, changes);
    const full = createSearchIndex(base);
    for (const [path, entry] of changes) full.set(path, entry);
    const fullOut = join(work(), "full-again");
    full.write(fullOut, PATHS);
    expect(indexFiles(preparedOut)).toEqual(indexFiles(fullOut));
    expect(prepared.entriesJson()).toBe(JSON.stringify([...full.entries()]));
  });

  it("declines changes that renumber the pages, and other routes", () => {
    const prepared = prepareSearchIndex(previous, PATHS);
    // A page that stopped being searched, one that started: every later page's number moves.
    expect(prepared.takes(new Map([["/blog/post-0/", null]]), PATHS)).toBe(false);
    expect(prepared.takes(new Map([["/blog/post-3/", entryOf(3)]]), PATHS)).toBe(false);
    // A route added or removed since the routes were handed over.
    expect(prepared.takes(new Map(), [...PATHS, "/blog/new/"])).toBe(false);
    expect(prepared.takes(new Map(), PATHS.slice(1))).toBe(false);
    expect(prepared.takes(new Map([["/blog/elsewhere/", entryOf(1)]]), PATHS)).toBe(false);
  });
});
