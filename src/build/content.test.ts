import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../../tests/unit/temp-folder.ts";
import { loadContent, pathFromPageFile } from "./content.ts";
import { ContentError } from "./content-error.ts";
import { markdownFiles } from "./markdown-files.ts";
import { contentFixture } from "./test-content.ts";

const ROOT = resolve(import.meta.dirname, "../..");

const post = (frontMatter: string, body = "Hello.") => `---\n${frontMatter}\n---\n\n${body}\n`;

describe("loadContent", () => {
  it("loads the repository's content", async () => {
    const content = await loadContent(resolve(ROOT, "content"));
    expect(content.settings.productName).toBe("Harbor Desk");
    expect(content.navigation?.items.length).toBeGreaterThan(0);
    expect(content.pages.map((page) => page.path)).toContain("/pricing/contact-based/");
    // Newest post first.
    const dates = content.posts.map((entry) => entry.frontMatter.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("hands each post to onPost as it passes, with the body the content ends up holding", async () => {
    const heard: { slug: string; body: string }[] = [];
    const content = await loadContent(resolve(ROOT, "content"), {
      onPost: (entry) => heard.push({ slug: entry.slug, body: entry.body }),
    });
    expect(heard.length).toBe(content.posts.length);
    const bodies = new Map(content.posts.map((entry) => [entry.slug, entry.body]));
    for (const { slug, body } of heard) expect(body, slug).toBe(bodies.get(slug));
    // Placeholders are resolved before a post is heard: the workers render what the pages show.
    expect(heard.some(({ body }) => body.includes("{{"))).toBe(false);
  });

  it("resolves link placeholders in bodies", async () => {
    const dir = await contentFixture({
      "pages/try.md": post('title: "Try"\ndescription: "d"', "[Go]({{signup}}?plan=plus)"),
    });
    const content = await loadContent(dir);
    const page = content.pages.find((entry) => entry.path === "/try/");
    expect(page?.body).toContain(
      "(https://secure.harbordesk.example/members/register/plus/?plan=plus)",
    );
  });

  it.each([
    [
      "a post with a missing title",
      { "posts/bad.md": post('description: "d"\ndate: "2026-01-02"\nauthor: maya-lindqvist') },
      "posts/bad.md",
      'field "title"',
    ],
    [
      "a post by an unknown author",
      { "posts/bad.md": post('title: "T"\ndescription: "d"\ndate: "2026-01-02"\nauthor: nobody') },
      "posts/bad.md",
      'field "author": expected one of maya-lindqvist, tomas-okafor, priya-raman, daniel-achebe, got "nobody"',
    ],
    [
      "a post with an impossible date",
      {
        "posts/bad.md": post(
          'title: "T"\ndescription: "d"\ndate: "2026-13-45"\nauthor: maya-lindqvist',
        ),
      },
      "posts/bad.md",
      'field "date"',
    ],
    [
      "a page with an unknown template",
      { "pages/bad.md": post('title: "T"\ndescription: "d"\ntemplate: gallery') },
      "pages/bad.md",
      'field "template"',
    ],
    [
      "a page with an unknown front matter field",
      { "pages/bad.md": post('title: "T"\ndescription: "d"\ncolour: blue') },
      "pages/bad.md",
      "colour",
    ],
    [
      "settings with a malformed demo URL",
      { "settings.json": '{"productName":"X"}' },
      "settings.json",
      'field "siteUrl"',
    ],
    [
      "navigation that is not JSON",
      { "navigation.json": "{ items: [" },
      "navigation.json",
      "not valid JSON",
    ],
    [
      "a navigation item with neither url nor sub-items",
      { "navigation.json": '{"items":[{"title":"Lost"}]}' },
      "navigation.json",
      'field "items[0]"',
    ],
    [
      "two pages claiming one path",
      { "pages/other.md": post('title: "T"\ndescription: "d"\npath: /pricing/') },
      "pages/pricing.md",
      "already used by",
    ],
    [
      "an unknown link placeholder",
      { "pages/typo.md": post('title: "T"\ndescription: "d"', "[x]({{dmeo}})") },
      "pages/typo.md",
      "{{dmeo}}",
    ],
  ])("rejects %s, naming the file and the problem", async (_label, files, file, problem) => {
    const dir = await contentFixture(files);
    const failure = await loadContent(dir).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ContentError);
    expect((failure as ContentError).message).toContain(file);
    expect((failure as ContentError).message).toContain(problem);
  });

  it("treats missing navigation and footer as absent, not as errors", async () => {
    const content = await loadContent(resolve(ROOT, "tests/e2e/fixtures/bare-content"));
    expect(content.navigation).toBeNull();
    expect(content.footer).toBeNull();
  });
});

describe("a post's revision date", () => {
  it("may not come before its publication date: the error names the file and the field", async () => {
    const dir = await contentFixture({
      "posts/backwards.md": post(
        'title: "T"\ndescription: "d"\ndate: "2026-03-02"\nupdated: "2026-03-01"\nauthor: maya-lindqvist',
      ),
    });
    const error = await loadContent(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect(String((error as Error).message)).toMatch(/posts\/backwards\.md/);
    expect(String((error as Error).message)).toMatch(
      /field "updated": must not be before the post's date/,
    );
  });
});

describe("the build command", () => {
  it("fails on an invalid content file with the file and field in its message", async () => {
    const dir = await contentFixture({
      "posts/broken.md": post(
        'title: 42\ndescription: "d"\ndate: "2026-01-02"\nauthor: maya-lindqvist',
      ),
    });
    const result = spawnSync(
      process.execPath,
      [resolve(ROOT, "scripts/build.ts"), "--content", dir, "--out", resolve(dir, "../out")],
      { encoding: "utf8", cwd: ROOT },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/posts\/broken\.md/);
    expect(result.stderr).toContain('field "title"');
  });
});

describe("pathFromPageFile", () => {
  it.each([
    ["index.md", "/"],
    ["pricing.md", "/pricing/"],
    ["pricing/contact-based.md", "/pricing/contact-based/"],
    ["lp/index.md", "/lp/"],
  ])("%s → %s", (file, path) => {
    expect(pathFromPageFile(file)).toBe(path);
  });
});

describe("markdownFiles", () => {
  it("lists the Markdown files under a folder and its subfolders, sorted, relative to it", async () => {
    const dir = tempFolder("hd-markdown-files-");
    await mkdir(join(dir, "guides", "setup"), { recursive: true });
    for (const file of ["b.md", "a.md", "notes.txt", "guides/intro.md", "guides/setup/step.md"]) {
      await writeFile(join(dir, file), "# x\n");
    }
    expect(await markdownFiles(dir)).toEqual([
      "a.md",
      "b.md",
      join("guides", "intro.md"),
      join("guides", "setup", "step.md"),
    ]);
    expect(await markdownFiles(join(dir, "missing"))).toEqual([]);
  });
});
