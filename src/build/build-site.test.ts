import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { SHELL_STATIC_QUERIES, STATIC_QUERY_HASH } from "../content/index.ts";
import { BOOTSTRAP_SCRIPT_ID, htmlFileFor, ROOT_ELEMENT_ID } from "../protocol/index.ts";
import {
  createSiteSearch,
  type ListedPage,
  SEARCH_DIR,
  type SearchManifest,
  type TermShard,
  termsOf,
} from "../search/index.ts";
import { type BuildReport, buildSite } from "./build-site.ts";
import { createCriticalCss } from "./critical-css.ts";
import { searchRecordOf } from "./search-record.ts";
import { contentFixture } from "./test-content.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const work = registerTempFolder("hd-build-test-", "all");
let out: string;
let report: BuildReport;

const read = (file: string) => readFileSync(join(out, file), "utf8");
/** The search index's files (its content-named term shards and page lists), sorted. */
const searchIndexFiles = (site: string) =>
  readdirSync(join(site, SEARCH_DIR), { recursive: true, encoding: "utf8" })
    .filter((file) => file.includes("/"))
    .sort();
const readJson = (file: string) => JSON.parse(read(file)) as Record<string, unknown>;

beforeAll(async () => {
  out = join(work(), "public");
  report = await buildSite({ contentDir: join(ROOT, "content"), outDir: out });
  // A full build of the real site: seconds on an idle machine, but it shares two cores with
  // every other test file, so the limit only catches a hang.
}, 300_000);

describe("the built site", () => {
  it("prerenders every route to HTML with its page data", () => {
    expect(report.routes).toBe(report.stats.length);
    for (const file of [
      "index.html",
      "blog/index.html",
      "blog/measuring-what-matters/index.html",
      "blog/authors/maya-lindqvist/index.html",
      "pricing/contact-based/index.html",
      "interview-builder/index.html",
      "404.html",
      "500.html",
      "page-data/index/page-data.json",
      "page-data/404.html/page-data.json",
      "page-data/blog/measuring-what-matters/page-data.json",
    ]) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
  });

  it("writes page data in the protocol's shape", () => {
    const pageData = readJson("page-data/blog/measuring-what-matters/page-data.json");
    expect(pageData).toMatchObject({
      componentChunkName: "template---blog-post",
      path: "/blog/measuring-what-matters/",
      compilationHash: report.compilationHash,
      result: {
        data: { post: { title: "Measuring what matters in customer service" } },
        pageContext: { head: { title: expect.stringContaining("Measuring what matters") } },
      },
      slicesMap: { header: "header", footer: "footer" },
    });
    // Numeric-looking keys come out in numeric order, so compare as sets.
    expect([...(pageData.staticQueryHashes as string[])].sort()).toEqual(
      SHELL_STATIC_QUERIES.map((name) => STATIC_QUERY_HASH[name]).sort(),
    );
    const html = (pageData.result as { data: { post: { html: string } } }).data.post.html;
    expect(html).toContain("<table>");
  });

  it("gives a match-path page its matchPath and lists it for the server", () => {
    expect(readJson("page-data/interview-builder/page-data.json").matchPath).toBe(
      "/interview-builder/*",
    );
    const matchPaths = JSON.parse(read("match-paths.json")) as Array<{ path: string }>;
    // Written in the protocol's rank order: the library pages under the splat list their own
    // path, so they come before (outrank) the builder's splat.
    expect(matchPaths.at(-1)).toEqual({
      path: "/interview-builder/",
      matchPath: "/interview-builder/*",
    });
    expect(matchPaths).toContainEqual({
      path: "/interview-builder/library/",
      matchPath: "/interview-builder/library",
    });
  });

  it("writes app data, static queries and slices", () => {
    expect(readJson("page-data/app-data.json")).toEqual({
      compilationHash: report.compilationHash,
    });
    const settings = readJson(`page-data/sq/d/${STATIC_QUERY_HASH["site-settings"]}.json`);
    expect(settings).toMatchObject({ data: { productName: "Harbor Desk" } });
    const header = readJson("slice-data/header.json");
    expect(header).toMatchObject({
      componentChunkName: "slice---header",
      result: { sliceContext: {} },
      staticQueryHashes: [STATIC_QUERY_HASH["site-settings"], STATIC_QUERY_HASH.navigation],
    });
  });

  it("sanitises footer HTML before it reaches the static query", () => {
    const footer = read(`page-data/sq/d/${STATIC_QUERY_HASH.footer}.json`);
    expect(footer).toContain("1 Pier Street");
    expect(footer).not.toMatch(/<script|onerror=/i);
  });

  it("puts each page's head, assets and inline data in its HTML", () => {
    const html = read("blog/measuring-what-matters/index.html");
    expect(html).toMatch(
      /<title>Measuring what matters in customer service \| Harbor Desk<\/title>/,
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://harbordesk.example/blog/measuring-what-matters/">',
    );
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta name="twitter:title"');
    // Feed readers find the blog's feed from any page of the site, and it is there.
    const feedLink =
      '<link rel="alternate" type="application/atom+xml" title="Harbor Desk blog" href="/blog/feed.xml">';
    expect(html).toContain(feedLink);
    expect(read("index.html")).toContain(feedLink);
    expect(read("blog/feed.xml")).toContain("<title>Harbor Desk blog</title>");
    // A revised post says so under its title; one never revised does not.
    expect(read("blog/routing-rules-that-survive-a-busy-monday/index.html")).toContain(
      'Updated <time dateTime="2026-11-24">',
    );
    expect(html).not.toContain("Updated <time");
    // The entry names the modules it loads after the first paint, start last; the page's own
    // chunk, an island that loads after hydration, is named apart.
    const entry =
      /<script type="module" src="\/assets\/client-[\w-]+\.js" data-modules="([^"]+)" data-page-module="([^"]+)"[^>]*><\/script>/.exec(
        html,
      );
    const modules = entry?.[1]?.split(" ") ?? [];
    expect(modules.at(-1)).toMatch(/^\/assets\/start-[\w-]+\.js$/);
    expect(entry?.[2]).toMatch(/^\/assets\/blog-post-[\w-]+\.js$/);
    expect(modules).not.toContain(entry?.[2]);
    expect(existsSync(join(out, entry?.[2] ?? "none"))).toBe(true);
    // Dynamic imports are plain calls: Vite's preload helper (link insertion, preload error
    // events) is left out of every module the page loads (src/build/no-preload-helper.ts).
    for (const module of modules) expect(read(module.slice(1))).not.toContain("vite:preloadError");
    expect(html).not.toContain('rel="modulepreload"');
    // The page's own CSS is inline; the whole stylesheet is linked by the entry after the first
    // paint, and by <noscript> without JavaScript; nothing in <head> blocks the paint.
    expect(html).toMatch(/<style>[^<]*\.mx-auto\{/);
    expect(html).toMatch(/data-stylesheets="\/assets\/client-[\w-]+\.css"/);
    expect(html).toMatch(
      /<noscript><link rel="stylesheet" href="\/assets\/client-[\w-]+\.css"><\/noscript>/,
    );
    expect(html.replace(/<noscript>.*?<\/noscript>/g, "")).not.toContain('rel="stylesheet"');
    // The entry finds the app's root as the body's first element (src/site/entry-client.tsx).
    expect(html).toContain(`<body><div id="${ROOT_ELEMENT_ID}">`);
    const inline = new RegExp(
      `<script type="application/json" id="${BOOTSTRAP_SCRIPT_ID}">(.*?)</script>`,
    ).exec(html);
    const bootstrap = JSON.parse(inline?.[1] ?? "null");
    expect(bootstrap.pageData.path).toBe("/blog/measuring-what-matters/");
    // Shared static queries are files the loader fetches once, not inline on every page.
    expect(bootstrap.staticQueryResults).toBeUndefined();
    expect(bootstrap.pageData.staticQueryHashes.sort()).toEqual(
      SHELL_STATIC_QUERIES.map((name) => STATIC_QUERY_HASH[name]).sort(),
    );
    // No inline executable script: the CSP forbids them (JSON and JSON-LD are data blocks).
    expect(html).not.toMatch(
      /<script(?![^>]*(type="module" src=|type="application\/json"|type="application\/ld\+json"))/,
    );
  });

  it("keeps 404 and 500 pages out of the sitemap and marks them noindex", () => {
    const sitemap = read("sitemap.xml");
    expect(sitemap).toContain("<loc>https://harbordesk.example/blog/</loc>");
    // A post's <lastmod> is when it last changed; pages without a date in their content have none.
    expect(sitemap).toContain(
      "<url><loc>https://harbordesk.example/blog/routing-rules-that-survive-a-busy-monday/</loc><lastmod>2026-11-24</lastmod></url>",
    );
    expect(sitemap).toContain(
      "<url><loc>https://harbordesk.example/blog/ai-that-helps/</loc><lastmod>2026-11-03</lastmod></url>",
    );
    expect(sitemap).toContain(
      "<url><loc>https://harbordesk.example/pricing/contact-based/</loc></url>",
    );
    expect(sitemap).not.toContain("404");
    expect(sitemap).not.toContain("do-not-sell");
    expect(read("404.html")).toContain('<meta name="robots" content="noindex">');
    expect(read("robots.txt")).toContain("Sitemap: https://harbordesk.example/sitemap.xml");
  });

  it("lets the CSP frame the players of the site's video sections, and nothing else unasked", () => {
    // A video section frames its player once pressed: without it, the browser refused it.
    const sources = readJson("csp-sources.json") as { frameSrc: string[] };
    expect(sources.frameSrc).toEqual(["https://www.youtube-nocookie.com"]);
  });

  it("writes the web app manifest the spec describes", () => {
    expect(readJson("manifest.webmanifest")).toMatchObject({
      start_url: "/",
      background_color: "#ffffff",
      theme_color: "#4176fa",
      icons: [{ sizes: "192x192" }, { sizes: "512x512" }],
    });
    expect(existsSync(join(out, "icons/icon-512.png"))).toBe(true);
    expect(existsSync(join(out, "sw.js"))).toBe(true);
    // Build-time only: it would publish the source tree's file names.
    expect(existsSync(join(out, "vite-manifest.json"))).toBe(false);
  });

  it("precompresses the shared assets and leaves pages to the server", () => {
    const html = read("index.html");
    const assets = [
      /<link rel="stylesheet" href="\/(assets\/[\w-]+\.css)"/.exec(html)?.[1],
      // The entry and the start module are too small to be worth compressing; the runtime is not.
      /data-modules="[^"]*\/(assets\/runtime-[\w-]+\.js)[^"]*"/.exec(html)?.[1],
      "sw.js",
    ];
    for (const file of assets) {
      expect(file).toBeDefined();
      const original = readFileSync(join(out, file as string));
      expect(
        brotliDecompressSync(readFileSync(join(out, `${file}.br`))).equals(original),
        file,
      ).toBe(true);
      expect(gunzipSync(readFileSync(join(out, `${file}.gz`))).equals(original), file).toBe(true);
    }
    // Thousands of these on a large site: the server compresses them on first request.
    for (const file of ["index.html", "page-data/index/page-data.json", "sitemap.xml"]) {
      expect(existsSync(join(out, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(out, `${file}.gz`)), file).toBe(false);
    }
  });

  it("inlines in every page the critical CSS of its own markup", () => {
    // The build keys its memo by a skeleton of the markup (src/shell/node.ts); here each page
    // is looked up by its whole markup, with pickers of its own.
    const pickers = new Map<string, ReturnType<typeof createCriticalCss>>();
    const pages = readdirSync(out, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".html") && statSync(join(out, file)).isFile(),
    );
    let checked = 0;
    for (const file of pages) {
      const html = read(file);
      const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
      const hrefs = /data-stylesheets="([^"]*)"/.exec(html)?.[1]?.split(" ");
      if (inline === undefined || !hrefs) continue;
      const appHtml = html.slice(
        html.indexOf(`<div id="${ROOT_ELEMENT_ID}">`) + `<div id="${ROOT_ELEMENT_ID}">`.length,
        html.lastIndexOf(`</div><script type="application/json" id="${BOOTSTRAP_SCRIPT_ID}">`),
      );
      const expected = hrefs
        .map((href) => {
          let pick = pickers.get(href);
          if (!pick) {
            pick = createCriticalCss(read(href.slice(1)));
            pickers.set(href, pick);
          }
          return pick(appHtml);
        })
        .join("");
      expect(inline, file).toBe(expected);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("renders the same pages in worker threads as in one thread", async () => {
    // The site is small: the build above rendered it in its own thread.
    const workerOut = join(work(), "public-workers");
    await buildSite({ contentDir: join(ROOT, "content"), outDir: workerOut, workers: 2 });
    for (const file of [
      "index.html",
      "blog/measuring-what-matters/index.html",
      "page-data/index/page-data.json",
    ]) {
      expect(readFileSync(join(workerOut, file), "utf8"), file).toBe(read(file));
    }
    // Indexed from the search entries the workers hand back: the same index again.
    expect(searchIndexFiles(workerOut)).toEqual(searchIndexFiles(out));
  }, 300_000);

  it("replaces what an output folder held, leaving nothing set aside beside it", async () => {
    const site = join(work(), "reused");
    await mkdir(join(site, "blog", "gone-post"), { recursive: true });
    await writeFile(join(site, "blog", "gone-post", "index.html"), "an old page");
    // Set aside by a build that died before deleting it.
    await mkdir(join(work(), ".reused.old-1-2", "blog"), { recursive: true });
    await buildSite({ contentDir: join(ROOT, "content"), outDir: site });
    expect(existsSync(join(site, "blog", "gone-post"))).toBe(false);
    expect(readFileSync(join(site, "index.html"), "utf8")).toBe(read("index.html"));
    // Deleted by a child that may outlive the build (remove-in-background.ts).
    await vi.waitFor(
      () =>
        expect(readdirSync(work()).filter((name) => name.startsWith(".reused.old-"))).toEqual([]),
      { timeout: 30_000, interval: 100 },
    );
  }, 300_000);

  it("rebuilds into its own output in place, ending with the files a fresh build writes", async () => {
    const post = (slug: string) =>
      [
        "---",
        `title: "Queues that empty themselves: ${slug}"`,
        'description: "A post that exists for one build only."',
        'date: "2026-11-20"',
        "author: maya-lindqvist",
        "tags: [support]",
        "category: ai-and-automation",
        "---",
        "",
        `Routing rules ${slug} keep the queue short.`,
      ].join("\n");
    const content = await contentFixture({ "posts/one-build-only.md": post("one-build-only") });
    const site = join(work(), "in-place");
    const first = await buildSite({ contentDir: content, outDir: site, ogImages: false });
    expect(first.previousOutput).toBe("none");
    expect(existsSync(join(site, "blog", "one-build-only", "index.html"))).toBe(true);
    // Not the build's: set aside like everything else of a folder no build recorded.
    await mkdir(join(site, "stray"));
    await writeFile(join(site, "stray", "note.txt"), "put here by hand");

    // The post goes, another comes.
    await rm(join(content, "posts", "one-build-only.md"));
    await writeFile(join(content, "posts", "next-build.md"), post("next-build"));
    const pageBefore = statSync(join(site, "index.html")).ino;
    const second = await buildSite({ contentDir: content, outDir: site, ogImages: false });
    expect(second.previousOutput).toBe("overwritten");
    // Written over, not anew: the same file.
    expect(statSync(join(site, "index.html")).ino).toBe(pageBefore);
    expect(second.filesDeleted).toBeGreaterThanOrEqual(2);

    const fresh = join(work(), "fresh");
    await buildSite({ contentDir: content, outDir: fresh, ogImages: false });
    const files = (dir: string) =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(dir.length))
        .sort();
    expect(files(site)).toEqual(files(fresh));
    for (const file of files(fresh)) {
      expect(readFileSync(join(site, file)).equals(readFileSync(join(fresh, file))), file).toBe(
        true,
      );
    }
  }, 300_000);

  it("writes a search index that finds posts, chapters and resources by their words", async () => {
    const search = createSiteSearch(async (url) => JSON.parse(read(url.slice(1))));
    const paths = async (query: string) =>
      (await search.search(query, 8)).map((result) => result.path);
    expect(await paths("abandonment")).toContain("/blog/when-to-turn-on-live-chat/");
    const [first] = await search.search("measuring what matters", 8);
    expect(first).toMatchObject({
      path: "/blog/measuring-what-matters/",
      title: "Measuring what matters in customer service",
    });
    // Its excerpt, cut from its page data, shows the words found.
    expect(first?.excerpt.filter((part) => part.highlighted).length).toBeGreaterThan(0);
    // Only the pages templates mark for search: not the pricing page.
    expect(await paths("pricing")).not.toContain("/pricing/");
  });

  it("indexes each searched page with the record its whole HTML gives", () => {
    const manifest = readJson(`${SEARCH_DIR}/index.json`) as unknown as SearchManifest;
    const listed = manifest.pageLists.flatMap(
      (file) => JSON.parse(read(`${SEARCH_DIR}/p/${file}`)) as ListedPage[],
    );
    expect(listed.length).toBeGreaterThan(20);
    // Each page's terms, as the shards hold them: page number → terms.
    const termsOfPage = listed.map(() => new Set<string>());
    for (const file of Object.values(manifest.shards)) {
      const shard = JSON.parse(read(`${SEARCH_DIR}/t/${file}`)) as TermShard;
      for (const [term, postings] of Object.entries(shard)) {
        for (let i = 0; i < postings.length; i += 2) {
          termsOfPage[postings[i] as number]?.add(term);
        }
      }
    }
    listed.forEach(({ path, title }, page) => {
      const record = searchRecordOf(read(htmlFileFor(path)));
      expect(title, path).toBe(record?.title);
      const terms = new Set([...termsOf(record?.title ?? ""), ...termsOf(record?.text ?? "")]);
      expect([...(termsOfPage[page] ?? [])].sort(), path).toEqual([...terms].sort());
    });
    // And every page with a search body is listed, in route order.
    const searched = report.stats.filter(({ path }) => searchRecordOf(read(htmlFileFor(path))));
    expect(listed.map(({ path }) => path)).toEqual(searched.map(({ path }) => path));
  });

  it("indexes a page's own words: no calls to action run together, no links to other roles", () => {
    const records = report.stats.flatMap(({ path }) => {
      const record = searchRecordOf(read(htmlFileFor(path)));
      return record ? [{ path, text: record.text }] : [];
    });
    const roles = records.filter(({ path }) =>
      /^\/(interview-guides|job-descriptions)\//.test(path),
    );
    expect(roles.length).toBeGreaterThan(5);
    // Two links side by side with nothing between them read as one word ("…builderSupport…").
    for (const { path, text } of roles) {
      expect(text, path).not.toMatch(
        /in the builder|Build the interview|job description[A-Z]|for other roles|More support job/,
      );
    }
  });
});
