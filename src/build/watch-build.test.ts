/**
 * A watching build on a copy of the real content: it builds once, then rebuilds incrementally
 * after each save — an edited post, a broken post (the output keeps the last good build), its
 * fix, a page in a folder made after the watch began — and builds nothing once stopped.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunning } from "../../tests/unit/process-state.ts";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import type { WaitingOgChild } from "../images/node.ts";
import { type BuildReport, buildCacheDirOf } from "./build-site.ts";
import { ContentError } from "./content-error.ts";
import { createSpareOgChild, type SpareOgChild } from "./spare-og-child.ts";
import { type WatchingBuild, watchBuild } from "./watch-build.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const work = registerTempFolder("hd-watch-test-", "all");

/** What the watching build reported, in order, and a way to wait for the next report. */
function reports() {
  const heard: (BuildReport | Error)[] = [];
  let wake: (() => void) | null = null;
  return {
    heard,
    push(report: BuildReport | Error) {
      heard.push(report);
      wake?.();
    },
    /** The next report after the first `seen`. */
    async after(seen: number): Promise<BuildReport | Error> {
      while (heard.length <= seen) await new Promise<void>((done) => (wake = done));
      return heard[seen] as BuildReport | Error;
    },
  };
}

/** The watcher's real spare store, recording each card child it hands to a build. */
function recordingSpare() {
  const spare = createSpareOgChild();
  const handedOut: WaitingOgChild[] = [];
  const store: SpareOgChild = {
    take(key) {
      const child = spare.take(key);
      if (child) handedOut.push(child);
      return child;
    },
    keep: (key, child) => spare.keep(key, child),
    discard: () => spare.discard(),
    get pid() {
      return spare.pid;
    },
  };
  return { store, handedOut };
}

describe("a watching build", () => {
  const heard = reports();
  const spare = recordingSpare();
  let watching: WatchingBuild;
  let content: string;
  let out: string;
  const blogList = () => readFileSync(join(out, "blog", "index.html"), "utf8");
  /** Saves a copy of the About page, retitled, as `file`. */
  const savePage = async (file: string, title: string) => {
    const about = await readFile(join(content, "pages", "about.md"), "utf8");
    await writeFile(file, about.replace('title: "About Harbor Desk"', `title: "${title}"`));
  };

  beforeAll(async () => {
    content = join(work(), "content");
    out = join(work(), "public");
    await cp(join(ROOT, "content"), content, { recursive: true });
    watching = watchBuild(
      { contentDir: content, outDir: out, spareOgChild: spare.store },
      {
        onBuilt: (report) => heard.push(report),
        onFailed: (error) => heard.push(error as Error),
      },
    );
    await watching.ready;
  }, 300_000);

  afterAll(async () => {
    await watching.stop();
    await rm(buildCacheDirOf(out), { recursive: true, force: true });
  });

  it("builds the whole site first", () => {
    const [first] = heard.heard;
    expect(first).not.toBeInstanceOf(Error);
    expect((first as BuildReport).reused).toBe(false);
    expect(existsSync(join(out, "index.html"))).toBe(true);
  });

  it("keeps an Open Graph card child warm between builds and draws a retitled post's card with it", async () => {
    const warm = spare.store.pid;
    expect(isRunning(warm)).toBe(true);
    const post = join(content, "posts", "csat-surveys-people-answer.md");
    const text = await readFile(post, "utf8");
    const title = /^title: "(.*)"$/m.exec(text)?.[1] as string;
    expect(title).toBeTruthy();

    // A new paragraph needs no new card: the build is handed the child and gives it back.
    let seen = heard.heard.length;
    await writeFile(post, `${text}\nOne more paragraph.\n`);
    expect(await heard.after(seen)).not.toBeInstanceOf(Error);
    expect(spare.handedOut.at(-1)?.pid).toBe(warm);
    expect(spare.store.pid).toBe(warm);
    expect(isRunning(warm)).toBe(true);

    // A new title needs one: the warm child draws it, and another is kept for the next build.
    // A title no run used before: cards are cached by their content in the project's .cache/,
    // and a card drawn by an earlier run would be reused instead of drawn.
    seen = heard.heard.length;
    const retitled = `Surveys, watched ${randomUUID().slice(0, 8)}`;
    await writeFile(post, text.replace(`title: "${title}"`, `title: "${retitled}"`));
    const rebuilt = (await heard.after(seen)) as BuildReport;
    expect(rebuilt).not.toBeInstanceOf(Error);
    expect(rebuilt.images.ogRendered).toBe(1);
    const used = spare.handedOut.at(-1);
    expect(used?.pid).toBe(warm);
    expect(used?.waiting).toBe(false);
    expect(spare.store.pid).not.toBe(warm);
    expect(isRunning(spare.store.pid)).toBe(true);
    const html = readFileSync(
      join(out, "blog", "csat-surveys-people-answer", "index.html"),
      "utf8",
    );
    const card = /<meta property="og:image" content="https?:\/\/[^/"]+(\/[^"]+)"/.exec(html)?.[1];
    expect(card).toMatch(/\.png$/);
    expect(existsSync(join(out, card as string))).toBe(true);
  }, 120_000);

  it("rebuilds only what an edited post changes, after the save", async () => {
    const seen = heard.heard.length;
    const post = join(content, "posts", "ai-that-helps.md");
    const text = await readFile(post, "utf8");
    await writeFile(
      post,
      text.replace('title: "AI that helps, not hides"', 'title: "AI that helps, watched"'),
    );
    const rebuilt = (await heard.after(seen)) as BuildReport;
    expect(rebuilt).not.toBeInstanceOf(Error);
    expect(rebuilt.reused).toBe(true);
    expect(rebuilt.rendered).toBeGreaterThan(0);
    expect(rebuilt.rendered).toBeLessThan(rebuilt.routes / 2);
    expect(blogList()).toContain("AI that helps, watched");
    expect(readFileSync(join(out, "blog", "ai-that-helps", "index.html"), "utf8")).toContain(
      "AI that helps, watched",
    );
  }, 120_000);

  it("reports a broken post naming it, keeps the last good output, and builds its fix", async () => {
    const seen = heard.heard.length;
    const broken = join(content, "posts", "watch-broken.md");
    await writeFile(broken, '---\ntitle: "Half a post"\n---\nNo description, date or author.\n');
    const failure = await heard.after(seen);
    expect(failure).toBeInstanceOf(ContentError);
    expect((failure as ContentError).message).toMatch(/watch-broken\.md[\s\S]*description/);
    expect(existsSync(join(out, "blog", "watch-broken", "index.html"))).toBe(false);
    expect(blogList()).toContain("AI that helps, watched");

    const fixed = await readFile(join(content, "posts", "ai-that-helps.md"), "utf8");
    await writeFile(
      broken,
      fixed.replace('title: "AI that helps, watched"', 'title: "Half a post, finished"'),
    );
    const rebuilt = (await heard.after(seen + 1)) as BuildReport;
    expect(rebuilt).not.toBeInstanceOf(Error);
    expect(readFileSync(join(out, "blog", "watch-broken", "index.html"), "utf8")).toContain(
      "Half a post, finished",
    );
  }, 120_000);

  it("builds a page saved in a folder made after the watch began", async () => {
    const seen = heard.heard.length;
    const folder = join(content, "pages", "watched");
    await mkdir(folder);
    // The new folder is a change of its own: once that rebuild is done, the folder is watched.
    expect(await heard.after(seen)).not.toBeInstanceOf(Error);
    await savePage(join(folder, "later.md"), "A page saved later");
    const rebuilt = await heard.after(seen + 1);
    expect(rebuilt).not.toBeInstanceOf(Error);
    const page = join(out, "watched", "later", "index.html");
    expect(readFileSync(page, "utf8")).toContain("A page saved later");
  }, 120_000);

  it("still builds a folder's pages after the folder was deleted and made again", async () => {
    const folder = join(content, "pages", "watched");
    const page = join(out, "watched", "later", "index.html");
    let seen = heard.heard.length;
    await rm(folder, { recursive: true });
    while (existsSync(page)) {
      expect(await heard.after(seen)).not.toBeInstanceOf(Error);
      seen += 1;
    }
    seen = heard.heard.length;
    await mkdir(folder);
    expect(await heard.after(seen)).not.toBeInstanceOf(Error);
    // Heard only through a watch of the new folder, not the old one's.
    await savePage(join(folder, "later.md"), "A page saved again");
    const saved = () => existsSync(page) && readFileSync(page, "utf8").includes("saved again");
    for (let next = seen + 1; !saved(); next += 1) {
      expect(await heard.after(next)).not.toBeInstanceOf(Error);
    }
    expect(readFileSync(page, "utf8")).toContain("A page saved again");
  }, 120_000);

  it("builds nothing after it has stopped, and stops the card child it kept", async () => {
    const kept = spare.store.pid;
    expect(isRunning(kept)).toBe(true);
    await watching.stop();
    expect(spare.store.pid).toBeUndefined();
    await expect.poll(() => isRunning(kept), { timeout: 10_000 }).toBe(false);
    const seen = heard.heard.length;
    await writeFile(join(content, "posts", "after-stop.md"), "not even front matter");
    // Longer than the settling time and a no-change rebuild of this site, several times over.
    await new Promise((done) => setTimeout(done, 1500));
    expect(heard.heard.length).toBe(seen);
  });
});
