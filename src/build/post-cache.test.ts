import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { tempFolder } from "../../tests/unit/temp-folder.ts";
import { loadContent, type SiteContent } from "./content.ts";
import { ContentError } from "./content-error.ts";
import { collectContentLinks } from "./link-check.ts";
import { type LoadedPost, openPostCache } from "./post-cache.ts";
import { buildRoutes } from "./routes.ts";
import { contentFixture } from "./test-content.ts";

const loaded = (title: string): LoadedPost => ({
  frontMatter: { title, description: "d", date: "2026-01-01", author: "a", tags: [] },
  readingMinutes: 2,
  links: [],
  toc: [],
});

/** A cache file in a folder of its own, removed when the test that asked for it finishes. */
function cacheFile(): string {
  return join(tempFolder("hd-post-cache-"), "posts.jsonl");
}

describe("the post cache", () => {
  it("answers a post an earlier build made from the same text, without loading it again", async () => {
    const file = cacheFile();
    const first = openPostCache(file, "code");
    expect(first.through("text A", "settings", () => loaded("A")).post).toEqual(loaded("A"));
    await first.save();

    const second = openPostCache(file, "code");
    const load = vi.fn(() => loaded("fresh"));
    expect(second.through("text A", "settings", load).post).toEqual(loaded("A"));
    expect(load).not.toHaveBeenCalled();
    expect(second.counts).toEqual({ found: 1, made: 0, unread: 0 });
    // Another text is another post.
    expect(second.through("text A, edited", "settings", load).post).toEqual(loaded("fresh"));
    expect(second.counts).toEqual({ found: 1, made: 1, unread: 0 });
  });

  it("names each post by a digest of its text and settings, the same in every build", async () => {
    const file = cacheFile();
    const first = openPostCache(file, "code");
    const a = first.through("text A", "settings", () => loaded("A")).digest;
    await first.save();
    const second = openPostCache(file, "code");
    expect(second.through("text A", "settings", () => loaded("A")).digest).toBe(a);
    expect(second.through("text A!", "settings", () => loaded("A")).digest).not.toBe(a);
    expect(second.through("text A", "settings!", () => loaded("A")).digest).not.toBe(a);
  });

  it("never answers across code or settings", async () => {
    const file = cacheFile();
    const first = openPostCache(file, "code");
    first.through("text A", "settings", () => loaded("A"));
    await first.save();
    expect(
      openPostCache(file, "other code").through("text A", "settings", () => loaded("B")).post,
    ).toEqual(loaded("B"));
    expect(
      openPostCache(file, "code").through("text A", "other settings", () => loaded("C")).post,
    ).toEqual(loaded("C"));
  });

  it("keeps only what the last build used, and nothing of a post that failed", async () => {
    const file = cacheFile();
    const first = openPostCache(file, "code");
    first.through("text A", "s", () => loaded("A"));
    first.through("text B", "s", () => loaded("B"));
    expect(() =>
      first.through("text C", "s", () => {
        throw new Error("invalid front matter");
      }),
    ).toThrow("invalid front matter");
    await first.save();

    const second = openPostCache(file, "code");
    second.through("text A", "s", () => loaded("not used"));
    await second.save();

    const third = openPostCache(file, "code");
    expect(third.through("text B", "s", () => loaded("B again")).post).toEqual(loaded("B again"));
    expect(third.through("text C", "s", () => loaded("C at last")).post).toEqual(
      loaded("C at last"),
    );
    expect(third.through("text A", "s", () => loaded("not used")).post).toEqual(loaded("A"));
  });

  it("writes the entries it kept as the lines it read, and new ones anew", async () => {
    const file = cacheFile();
    const first = openPostCache(file, "code");
    const a = first.through("text A", "s", () => loaded("A")).digest;
    first.through("text B", "s", () => loaded("B"));
    await first.save();
    // A's line as another writer might have spaced it: the same entry, other text.
    const lines = (await readFile(file, "utf8")).split("\n");
    const spaced = lines.map((line) =>
      line.includes(`"${a}"`) ? JSON.stringify(JSON.parse(line), null, 1).replace(/\n/g, "") : line,
    );
    expect(spaced).not.toEqual(lines);
    await writeFile(file, spaced.join("\n"));

    const second = openPostCache(file, "code");
    expect(second.through("text A", "s", () => loaded("not used")).post).toEqual(loaded("A"));
    second.through("text C", "s", () => loaded("C"));
    await second.save();
    const saved = (await readFile(file, "utf8")).split("\n");
    // A's line as read; B's gone, as this build did not use it; C's new.
    expect(saved).toContain(spaced.find((line) => line.includes(`"${a}"`)));
    expect(saved.filter((line) => line.includes('"B"'))).toEqual([]);
    expect(saved.filter((line) => line.includes('"C"'))).toHaveLength(1);
    expect(openPostCache(file, "code").through("text C", "s", () => loaded("x")).post).toEqual(
      loaded("C"),
    );
  });

  it("starts empty from a cache of the earlier format, one JSON value", async () => {
    const file = cacheFile();
    const first = openPostCache(file, "code");
    const a = first.through("text A", "s", () => loaded("A")).digest;
    await writeFile(file, JSON.stringify({ code: "code", posts: { [a]: loaded("A") } }));
    const load = vi.fn(() => loaded("A, loaded"));
    expect(openPostCache(file, "code").through("text A", "s", load).post).toEqual(
      loaded("A, loaded"),
    );
    expect(load).toHaveBeenCalledOnce();
  });

  it("starts empty from a file it cannot read", async () => {
    const file = cacheFile();
    await writeFile(file, "{ not json");
    const cache = openPostCache(file, "code");
    expect(cache.through("text A", "s", () => loaded("A")).post).toEqual(loaded("A"));
    await cache.save();
    const [header] = (await readFile(file, "utf8")).split("\n");
    expect(JSON.parse(header ?? "")).toMatchObject({ code: "code" });
  });
});

/**
 * The content as loading without a cache gives it: without what only the post cache adds
 * (each post's digest, links and table of contents).
 */
function withoutDigests(content: SiteContent): SiteContent {
  return {
    ...content,
    posts: content.posts.map(({ digest: _, links: __, toc: ___, ...post }) => post),
  };
}

/**
 * The content fixture, its posts settled (unchanged for longer than a file-clock tick) before
 * a first build loads them through a new cache and saves it.
 */
async function settledCache(): Promise<{ dir: string; file: string }> {
  const dir = await contentFixture();
  await new Promise((done) => setTimeout(done, 150));
  const file = cacheFile();
  const first = openPostCache(file, "code");
  await loadContent(dir, { postCache: first });
  await first.save();
  return { dir, file };
}

async function appendToPost(dir: string, slug: string, line: string): Promise<void> {
  const postFile = join(dir, "posts", `${slug}.md`);
  await writeFile(postFile, `${await readFile(postFile, "utf8")}\n${line}\n`);
}

describe("loading content through the post cache", () => {
  it("gives the same content as loading without it, from the cache the second time", async () => {
    const dir = await contentFixture();
    const file = cacheFile();
    const plain = await loadContent(dir);

    const first = openPostCache(file, "code");
    const made = await loadContent(dir, { postCache: first });
    expect(withoutDigests(made)).toEqual(plain);
    // Each post names the digest of its text, which the routes' keys take for its body.
    const digests = made.posts.map((post) => post.digest);
    expect(new Set(digests).size).toBe(plain.posts.length);
    expect(digests.every((digest) => typeof digest === "string")).toBe(true);
    expect(first.counts).toMatchObject({ found: 0, made: plain.posts.length });
    await first.save();

    const second = openPostCache(file, "code");
    const found = await loadContent(dir, { postCache: second });
    expect(withoutDigests(found)).toEqual(plain);
    expect(found.posts.map((post) => post.digest)).toEqual(digests);
    expect(second.counts).toMatchObject({ found: plain.posts.length, made: 0 });
    expect(plain.posts.every((post) => post.readingMinutes >= 1)).toBe(true);
  });

  it("gives the site's own content, pages included, exactly as loading without it", async () => {
    // What the cache keeps goes through JSON: a schema that made a Date or an undefined field
    // would come back different, and this fails naming it.
    const dir = join(import.meta.dirname, "../../content");
    const file = cacheFile();
    const plain = await loadContent(dir);
    const first = openPostCache(file, "code");
    await loadContent(dir, { postCache: first });
    await first.save();
    const second = openPostCache(file, "code");
    // Every page asked the cache, and none had to be parsed again.
    const cachedPage = second.page;
    let asked = 0;
    let parsed = 0;
    second.page = (text, context, load) => {
      asked += 1;
      return cachedPage(text, context, () => {
        parsed += 1;
        return load();
      });
    };
    const cached = await loadContent(dir, { postCache: second });
    expect(second.counts).toMatchObject({ found: plain.posts.length, made: 0 });
    expect(asked).toBe(plain.pages.length);
    expect(parsed).toBe(0);
    expect(cached.pages).toStrictEqual(plain.pages);
    expect(withoutDigests(cached)).toStrictEqual(plain);
  });

  it("takes settled posts by their files' stamps unread, and reads a body only when asked", async () => {
    const { dir, file } = await settledCache();
    const plain = await loadContent(dir);

    const second = openPostCache(file, "code");
    const unread = await loadContent(dir, { postCache: second });
    expect(second.counts).toEqual({
      found: plain.posts.length,
      made: 0,
      unread: plain.posts.length,
    });
    // Each body, asked for, is read then: the same as loading without the cache.
    expect(withoutDigests(unread)).toStrictEqual(plain);

    // An edited post is read again, the others still not.
    const [edited] = plain.posts;
    if (!edited) throw new Error("the content has no posts");
    await appendToPost(dir, edited.slug, "One more line.");
    const third = openPostCache(file, "code");
    const reloaded = await loadContent(dir, { postCache: third });
    expect(third.counts).toEqual({
      found: plain.posts.length - 1,
      made: 1,
      unread: plain.posts.length - 1,
    });
    expect(reloaded.posts.find((post) => post.slug === edited.slug)?.body).toContain(
      "One more line.",
    );
  });

  it("checks links and makes the routes without reading a post it took unread", async () => {
    const { dir, file } = await settledCache();
    const plain = await loadContent(dir);
    const unread = await loadContent(dir, { postCache: openPostCache(file, "code") });
    // Every post file changes now: asking any of them for its body fails (the test above).
    for (const { slug } of plain.posts) await appendToPost(dir, slug, "Changed.");
    // The link check reads the links the cache kept, and finds the same as from the bodies.
    const postLinks = (content: SiteContent) => {
      const postFiles = new Set(content.posts.map((post) => post.file));
      return collectContentLinks(content).filter(({ file }) => postFiles.has(file));
    };
    expect(postLinks(plain).length).toBeGreaterThan(0);
    expect(postLinks(unread)).toEqual(postLinks(plain));
    // The routes take a long post's table of contents from the cache too.
    const tocs = (content: SiteContent) =>
      buildRoutes(content)
        .filter((route) => route.componentChunkName.endsWith("blog-post"))
        .map((route) => [route.path, (route.data as { toc: unknown[] }).toc]);
    expect(tocs(plain).some(([, toc]) => (toc as unknown[]).length > 0)).toBe(true);
    expect(tocs(unread)).toEqual(tocs(plain));
  });

  it("fails naming a post taken unread whose file changed before its body was read", async () => {
    const { dir, file } = await settledCache();
    const content = await loadContent(dir, { postCache: openPostCache(file, "code") });
    const [post] = content.posts;
    if (!post) throw new Error("the content has no posts");
    await appendToPost(dir, post.slug, "Changed mid-build.");
    expect(() => post.body).toThrow(ContentError);
    expect(() => post.body).toThrow(
      new RegExp(`${post.slug}\\.md[^]*changed while the site was building`),
    );
  });

  it("still fails a cached post whose author is gone", async () => {
    const dir = await contentFixture();
    const file = cacheFile();
    const first = openPostCache(file, "code");
    const content = await loadContent(dir, { postCache: first });
    await first.save();

    const [post] = content.posts;
    if (!post) throw new Error("the content has no posts");
    const authors = JSON.parse(await readFile(join(dir, "authors.json"), "utf8")) as {
      id: string;
    }[];
    await writeFile(
      join(dir, "authors.json"),
      JSON.stringify(authors.filter((author) => author.id !== post.frontMatter.author)),
    );
    const load = loadContent(dir, { postCache: openPostCache(file, "code") });
    await expect(load).rejects.toThrow(ContentError);
    await expect(load).rejects.toThrow(new RegExp(`${post.slug}\\.md[^]*author`));
  });

  it("counts a post's reading time again when the settings its links resolve with change", async () => {
    const dir = await contentFixture();
    const file = cacheFile();
    const first = openPostCache(file, "code");
    await loadContent(dir, { postCache: first });
    await first.save();

    const settingsFile = join(dir, "settings.json");
    const settings = JSON.parse(await readFile(settingsFile, "utf8")) as { demoUrl: string };
    await writeFile(settingsFile, JSON.stringify({ ...settings, demoUrl: "/book-a-demo/" }));
    const second = openPostCache(file, "code");
    const content = await loadContent(dir, { postCache: second });
    expect(second.counts.found).toBe(0);
    expect(content.posts.length).toBeGreaterThan(0);
  });
});
