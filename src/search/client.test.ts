import { describe, expect, it } from "vitest";
import { pageDataUrl } from "../protocol/index.ts";
import { createSiteSearch } from "./client.ts";
import {
  PAGES_PER_LIST,
  pageListUrl,
  SEARCH_FORMAT_VERSION,
  SEARCH_MANIFEST_URL,
  type SearchManifest,
  shardOf,
  type TermShard,
  termShardUrl,
  termWeight,
} from "./format.ts";
import { termsOf } from "./tokens.ts";

/** A searched page: where it is, its title and its text (its page data's rendered Markdown). */
interface Page {
  path: string;
  title: string;
  text: string;
}

/**
 * The files a build would write for these pages, as URL → JSON: a small stand-in for the
 * build's index, weighing each page's terms with the format's own termWeight, and each page's
 * page data with its text as a post's body.
 */
function siteFiles(pages: Page[], version = SEARCH_FORMAT_VERSION): Map<string, unknown> {
  const files = new Map<string, unknown>();
  const termLists = pages.map((page) => termsOf(`${page.title} ${page.text}`));
  const meanLength = termLists.reduce((sum, terms) => sum + terms.length, 0) / pages.length;
  const shards = new Map<number, TermShard>();
  termLists.forEach((terms, page) => {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      const shard = shards.get(shardOf(term)) ?? {};
      shards.set(shardOf(term), shard);
      shard[term] = [...(shard[term] ?? []), page, termWeight(count, terms.length, meanLength)];
    }
  });
  const manifest: SearchManifest = { version, pages: pages.length, shards: {}, pageLists: [] };
  for (const [number, shard] of shards) {
    manifest.shards[String(number)] = `${number}.json`;
    files.set(termShardUrl(`${number}.json`), shard);
  }
  for (let first = 0; first < pages.length; first += PAGES_PER_LIST) {
    const list = pages
      .slice(first, first + PAGES_PER_LIST)
      .map(({ path, title }) => ({ path, title }));
    manifest.pageLists.push(`list-${first}.json`);
    files.set(pageListUrl(`list-${first}.json`), list);
  }
  for (const page of pages) {
    files.set(pageDataUrl(page.path), {
      componentChunkName: "template---blog-post",
      path: page.path,
      result: {
        data: { post: { title: page.title, html: `<p>${page.text}</p>` }, related: [] },
        pageContext: { head: { title: page.title, description: `About ${page.title}` } },
      },
      staticQueryHashes: [],
    });
  }
  files.set(SEARCH_MANIFEST_URL, manifest);
  return files;
}

/** A fetchJson over the files that records what was asked for and can be made to fail. */
function fakeFetch(files: Map<string, unknown>) {
  const requests: string[] = [];
  const failing = new Set<string>();
  const fetchJson = async (url: string) => {
    requests.push(url);
    await Promise.resolve();
    if (failing.has(url) || !files.has(url)) throw new Error(`${url} answered 404`);
    return structuredClone(files.get(url));
  };
  return { fetchJson, requests, failing };
}

const PAGES: Page[] = [
  {
    path: "/blog/live-chat/",
    title: "When to turn on live chat",
    text: "Chat abandonment rises when the queue is long. Staffing the chat queue well matters.",
  },
  {
    path: "/blog/staffing/",
    title: "Staffing without guesswork",
    text: "Forecast the tickets, then staff for the peaks. Staffing models for every queue.",
  },
  {
    path: "/resources/qa-scorecard/",
    title: "Support QA scorecard template",
    text: "Calibration sessions keep reviewers consistent. One ticket at a time.",
  },
];

const paths = (results: { path: string }[]) => results.map(({ path }) => path);

describe("createSiteSearch", () => {
  it("finds a page by a word from its body, with its title and an excerpt", async () => {
    const { search } = createSiteSearch(fakeFetch(siteFiles(PAGES)).fetchJson);
    const results = await search("Abandonment", 8);
    expect(results).toHaveLength(1);
    expect(results[0]?.path).toBe("/blog/live-chat/");
    expect(results[0]?.title).toBe("When to turn on live chat");
    expect(results[0]?.excerpt).toContainEqual({ text: "abandonment", highlighted: true });
  });

  it("finds pages by a prefix, and by the plural or singular of a word", async () => {
    const { search } = createSiteSearch(fakeFetch(siteFiles(PAGES)).fetchJson);
    expect(paths(await search("calib", 8))).toEqual(["/resources/qa-scorecard/"]);
    // "tickets" on one page, "ticket" on another: either finds both.
    expect(paths(await search("ticket", 8)).sort()).toEqual([
      "/blog/staffing/",
      "/resources/qa-scorecard/",
    ]);
    expect(paths(await search("tickets", 8)).sort()).toEqual([
      "/blog/staffing/",
      "/resources/qa-scorecard/",
    ]);
  });

  it("needs every word, and finds nothing for a query with no term", async () => {
    const { fetchJson, requests } = fakeFetch(siteFiles(PAGES));
    const { search } = createSiteSearch(fetchJson);
    expect(paths(await search("staffing queue", 8)).sort()).toEqual([
      "/blog/live-chat/",
      "/blog/staffing/",
    ]);
    expect(paths(await search("staffing calibration", 8))).toEqual([]);
    expect(paths(await search("zebra", 8))).toEqual([]);
    const before = requests.length;
    expect(await search(" a ? ", 8)).toEqual([]);
    expect(requests.length).toBe(before);
  });

  it("returns at most `limit` results, loading only their page data", async () => {
    const { fetchJson, requests } = fakeFetch(siteFiles(PAGES));
    const { search } = createSiteSearch(fetchJson);
    expect(await search("queue", 1)).toHaveLength(1);
    expect(requests.filter((url) => url.startsWith("/page-data/"))).toHaveLength(1);
    expect(await search("queue", 8)).toHaveLength(2);
    expect(requests.filter((url) => url.startsWith("/page-data/"))).toHaveLength(2);
  });

  it("cuts the excerpt from the page data's rendered Markdown, around the first match", async () => {
    const files = siteFiles(PAGES);
    const url = pageDataUrl("/blog/staffing/");
    // Markup, entities and a block boundary: the excerpt is the text a reader sees.
    const data = files.get(url) as { result: { data: { post: { html: string } } } };
    data.result.data.post.html =
      "<h2>Forecast</h2><p>Forecast the <em>tickets</em>, then staff for the peaks &amp; troughs.</p><p>Staffing models for every queue.</p>";
    const { search } = createSiteSearch(fakeFetch(files).fetchJson);
    const [result] = await search("peaks", 8);
    expect(result?.excerpt).toEqual([
      { text: "Forecast Forecast the tickets, then staff for the ", highlighted: false },
      { text: "peaks", highlighted: true },
      { text: " & troughs. Staffing models for every queue.", highlighted: false },
    ]);
  });

  it("shows a result without an excerpt when its page data cannot be loaded", async () => {
    const { fetchJson, failing } = fakeFetch(siteFiles(PAGES));
    const { search } = createSiteSearch(fetchJson);
    failing.add(pageDataUrl("/blog/live-chat/"));
    expect(await search("abandonment", 8)).toEqual([
      { path: "/blog/live-chat/", title: "When to turn on live chat", excerpt: [] },
    ]);
    // Not remembered as failed: the next search has its excerpt.
    failing.clear();
    const [again] = await search("abandonment", 8);
    expect(again?.excerpt).toContainEqual({ text: "abandonment", highlighted: true });
  });

  it("fetches the manifest and each file once across searches, even concurrent ones", async () => {
    const { fetchJson, requests } = fakeFetch(siteFiles(PAGES));
    const { search } = createSiteSearch(fetchJson);
    await Promise.all([search("staffing", 8), search("staffing", 8)]);
    await search("staff", 8);
    expect(requests.filter((url) => url === SEARCH_MANIFEST_URL)).toHaveLength(1);
    expect(new Set(requests).size).toBe(requests.length);
  });

  it("rejects when a file fails to load, and tries again on the next search", async () => {
    const { fetchJson, failing } = fakeFetch(siteFiles(PAGES));
    const { search } = createSiteSearch(fetchJson);
    failing.add(SEARCH_MANIFEST_URL);
    await expect(search("calibration", 8)).rejects.toThrow("404");
    failing.clear();
    expect(paths(await search("calibration", 8))).toEqual(["/resources/qa-scorecard/"]);

    const shard = termShardUrl(`${shardOf("abandonment")}.json`);
    failing.add(shard);
    await expect(search("abandonment", 8)).rejects.toThrow(shard);
    failing.clear();
    expect(paths(await search("abandonment", 8))).toEqual(["/blog/live-chat/"]);
  });

  it("rejects an index written in another format version", async () => {
    const { search } = createSiteSearch(
      fakeFetch(siteFiles(PAGES, SEARCH_FORMAT_VERSION + 1)).fetchJson,
    );
    await expect(search("calibration", 8)).rejects.toThrow(/version/);
  });

  it("finds pages past the first page list", async () => {
    const filler = Array.from({ length: PAGES_PER_LIST }, (_, i) => ({
      path: `/filler/${i}/`,
      title: `Filler ${i}`,
      text: "Nothing to see here.",
    }));
    const { search } = createSiteSearch(fakeFetch(siteFiles([...filler, ...PAGES])).fetchJson);
    expect(paths(await search("calibration", 8))).toEqual(["/resources/qa-scorecard/"]);
  });
});
