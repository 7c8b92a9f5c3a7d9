import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exited } from "../../tests/unit/process-state.ts";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { pendingImage } from "../images/index.ts";
import {
  assertSafeSvg,
  createImagePipeline,
  prestartOgChild,
  type WaitingOgChild,
} from "../images/node.ts";
import type { ContentPageData } from "../templates/index.ts";
import {
  resolveRouteImages,
  sectionOf,
  sectionsByFirstSegment,
  startRouteImages,
} from "./images.ts";
import type { Route } from "./routes.ts";

const work = registerTempFolder("hd-image-step-", "all");

const route = (data: ContentPageData): Route => ({
  path: "/pricing/",
  componentChunkName: "template---page",
  head: {
    title: "Pricing",
    description: "d",
    canonical: "https://x.test/pricing/",
    type: "website",
    noindex: false,
  },
  pageContext: {},
  data,
  inSitemap: true,
});

/** An Open Graph card of the blog titled `title`. */
const card = (title: string) => ({
  title,
  section: "Blog",
  siteName: "Harbor Desk",
  host: "harbordesk.example",
});

/** The site's own images, served by an image service: pictures resolve without encoding. */
const contentImagesPipeline = (outFolder: string) =>
  createImagePipeline({
    imagesDir: join(import.meta.dirname, "../../content/images"),
    outDir: join(work(), outFolder),
    cacheDir: join(work(), "cache"),
    domain: "harbordesk.imgix.net",
  });

/** The card files in an image cache, sorted (its folder also holds the encoding's marker). */
async function cachedCards(cacheDir: string): Promise<string[]> {
  return (await readdir(join(cacheDir, "og"))).filter((name) => name.endsWith(".png")).sort();
}

describe("the image step", () => {
  it("fails on a missing file naming the content file, the field and the page", async () => {
    const pipeline = createImagePipeline({
      imagesDir: join(work(), "images"),
      outDir: join(work(), "out"),
      cacheDir: join(work(), "cache"),
    });
    const routes = [
      route({
        page: { title: "Pricing", heading: "Pricing", description: "d", html: "" },
        image: pendingImage({ src: "product/nope.svg", alt: "Nothing" }, "hero", {
          file: "content/pages/pricing.md",
          field: "image",
        }),
      }),
    ];
    await expect(
      resolveRouteImages(routes, pipeline, {
        siteName: "Harbor Desk",
        siteUrl: "https://x.test",
        ogImages: false,
      }),
    ).rejects.toThrow(
      'Invalid content in content/pages/pricing.md:\n  - field "image": image file content/images/product/nope.svg does not exist (page /pricing/)',
    );
  });

  it("uses the real content images: every product illustration resolves", async () => {
    const pipeline = contentImagesPipeline("out-real");
    const picture = await pipeline.picture("product/inbox.svg", "hero");
    expect(picture).toMatchObject({ width: 720, height: 450, sources: [] });
  });

  it("finds every route that shows an image, through objects the routes share", async () => {
    const pipeline = contentImagesPipeline("out-shared");
    const origin = { file: "content/blog/a.md", field: "image" };
    // A post summary with a cover, in two routes' lists; an image-free one in every route.
    const withCover = {
      title: "Escalations",
      image: pendingImage({ src: "product/inbox.svg", alt: "The inbox" }, "illustration", origin),
    };
    const plain = { title: "SLAs", tags: [{ id: "sla" }] };
    // A list that holds it, shared too: found once, it must not be taken for image-free.
    const coverList = [withCover];
    const author = {
      name: "Dana",
      portrait: pendingImage({ src: "product/reports.svg", alt: "" }, "avatar", origin),
    };
    const routeAt = (path: string, data: unknown): Route =>
      Object.assign(route({} as ContentPageData), { path, data: data as ContentPageData });
    const routes = [
      routeAt("/a/", { posts: [plain, withCover] }),
      routeAt("/b/", { newer: plain, older: null, count: 3 }),
      routeAt("/c/", { related: [[plain], coverList] }),
      routeAt("/d/", { author }),
      routeAt("/e/", { posts: [plain] }),
      routeAt("/f/", { more: coverList }),
    ];
    const started = startRouteImages(routes, pipeline, {
      siteName: "Harbor Desk",
      siteUrl: "https://x.test",
      ogImages: false,
    });
    expect([...started.waiting].map((waiting) => waiting.path).sort()).toEqual([
      "/a/",
      "/c/",
      "/d/",
      "/f/",
    ]);
    await started.resolved;
    // The shared holder got its picture once, for both routes that show it.
    expect(withCover.image).toMatchObject({ alt: "The inbox", width: 640 });
    expect(author.portrait).toMatchObject({ alt: "", width: 40 });
    expect(plain).toEqual({ title: "SLAs", tags: [{ id: "sla" }] });
  });
});

describe("Open Graph cards", () => {
  it("are rendered in child processes at once, and every one is counted", async () => {
    const pipeline = createImagePipeline({
      imagesDir: join(work(), "images"),
      outDir: join(work(), "out-og"),
      cacheDir: join(work(), "cache-og"),
      // Two batches, a long and a short one, rendered side by side.
      ogBatch: 2,
    });
    const { paths, written } = pipeline.ogImages([
      card("Shared inboxes"),
      card("Saved replies"),
      card("Happiness ratings"),
      card("Shared inboxes"),
    ]);
    // Named at once; rendered while the caller goes on.
    expect(pipeline.report.ogRendered).toBe(0);
    await written;
    expect(pipeline.report.ogRendered).toBe(3);
    expect(new Set(paths).size).toBe(3);
    expect(paths[3]).toBe(paths[0]);
    const again = createImagePipeline({
      imagesDir: join(work(), "images"),
      outDir: join(work(), "out-og"),
      cacheDir: join(work(), "cache-og"),
    });
    const reused = again.ogImages([card("Saved replies")]);
    expect(reused.paths).toEqual([paths[1]]);
    await reused.written;
    expect(again.report).toMatchObject({ ogRendered: 0, ogReused: 1 });

    // Each output card is the cached file itself, linked, not a copy; the cache holds whole
    // cards only (no half-written file left beside them).
    for (const path of new Set(paths)) {
      const name = path.split("/").pop() as string;
      const [output, cached] = await Promise.all([
        stat(join(work(), "out-og", path)),
        stat(join(work(), "cache-og", "og", name)),
      ]);
      expect(output.ino, path).toBe(cached.ino);
      expect(output.size, path).toBeGreaterThan(1000);
    }
    expect(await cachedCards(join(work(), "cache-og"))).toEqual(
      [...new Set(paths)].map((path) => path.split("/").pop()).sort(),
    );
  });

  it("are copied into an output on another file system than the cache", async () => {
    // The cache under the OS's temp folder (on the disk), the output on a tmpfs: no link
    // can join them.
    const outDir = await mkdtemp("/dev/shm/hd-image-step-");
    try {
      expect((await stat(outDir)).dev).not.toBe((await stat(work())).dev);
      const options = {
        imagesDir: join(work(), "images"),
        outDir,
        cacheDir: join(work(), "cache-og-copied"),
      };
      const first = createImagePipeline(options);
      const { paths, written } = first.ogImages([card("Saved replies"), card("Happiness ratings")]);
      await written;
      expect(first.report).toMatchObject({ ogRendered: 2, ogCopied: 2 });
      for (const path of paths) {
        const name = path.split("/").pop() as string;
        const [output, cached] = await Promise.all([
          readFile(join(outDir, path)),
          readFile(join(work(), "cache-og-copied", "og", name)),
        ]);
        expect(output.equals(cached), path).toBe(true);
      }
      // A card already there is left as it is (card-pack.ts says why).
      const past = new Date("2026-01-01T00:00:00Z");
      const placed = join(outDir, paths[1] as string);
      await utimes(placed, past, past);
      const again = createImagePipeline(options);
      // A new card first: it finds out that links fail here, so the others are copied.
      await again.ogImages([card("Queue health"), card("Saved replies"), card("Happiness ratings")])
        .written;
      expect(again.report).toMatchObject({ ogRendered: 1, ogReused: 2, ogCopied: 3 });
      expect((await stat(placed)).mtime).toEqual(past);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

describe("Open Graph cards of routes", () => {
  it("show a route's card title when it has one, else its title without the site's name", async () => {
    const pipeline = createImagePipeline({
      imagesDir: join(work(), "images"),
      outDir: join(work(), "out-route-cards"),
      cacheDir: join(work(), "cache-route-cards"),
    });
    const at = (path: string, title: string, cardTitle?: string): Route => {
      const base = route({} as ContentPageData);
      return { ...base, path, head: { ...base.head, title, ...(cardTitle ? { cardTitle } : {}) } };
    };
    const routes = [
      at("/blog/", "Blog | Harbor Desk"),
      at("/blog/page/2/", "Blog, page 2 | Harbor Desk", "Blog"),
      at("/blog/page/3/", "Blog, page 3 | Harbor Desk", "Blog"),
      at("/blog/routing/", "Routing rules | Harbor Desk"),
    ];
    const { written } = startRouteImages(routes, pipeline, {
      siteName: "Harbor Desk",
      siteUrl: "https://harbordesk.example",
      ogImages: true,
    });
    await written;
    const [list, second, third, post] = routes.map((each) => each.head.image);
    expect(list).toMatch(/^\/assets\/og\/[0-9a-f]{16}\.png$/);
    expect(second).toBe(list);
    expect(third).toBe(list);
    expect(post).not.toBe(list);
    // Two cards drawn and placed, not four.
    expect(pipeline.report.ogRendered).toBe(2);
    expect(await readdir(join(work(), "out-route-cards", "assets", "og"))).toHaveLength(2);
  });
});

describe("Open Graph card names", () => {
  it("are remembered for builds of the same code, and drawn again for a card the cache lost", async () => {
    const options = {
      imagesDir: join(work(), "images"),
      outDir: join(work(), "out-names"),
      cacheDir: join(work(), "cache-names"),
      codeKey: "code-1",
    };
    const first = createImagePipeline(options).ogImages([card("Escalations"), card("SLAs")]);
    await first.written;
    const [escalations, slas] = first.paths.map((path) => path.split("/").pop() as string);

    // Another card under Escalations' remembered name, in the cache: a build of the same code
    // takes the name it remembers without drawing the card, so it links that one.
    const memoryFile = join(work(), "cache-names", "og-names", "code-1.json");
    const memory = JSON.parse(await readFile(memoryFile, "utf8"));
    expect(memory.code).toBe("code-1");
    expect(Object.values(memory.names).sort()).toEqual([escalations, slas].sort());
    const stand = "feedfacefeedface.png";
    const escalationsKey = Object.keys(memory.names).find((key) => key.includes("Escalations"));
    memory.names[escalationsKey as string] = stand;
    await writeFile(memoryFile, JSON.stringify(memory));
    await writeFile(join(work(), "cache-names", "og", stand), "a card");
    const second = createImagePipeline({ ...options, outDir: join(work(), "out-names-2") });
    expect(second.ogImages([card("Escalations")]).paths).toEqual([`/assets/og/${stand}`]);

    // A remembered card that is no longer in the cache is drawn, to be rendered again.
    await rm(join(work(), "cache-names", "og", stand));
    const third = createImagePipeline({ ...options, outDir: join(work(), "out-names-3") });
    const redrawn = third.ogImages([card("Escalations")]);
    expect(redrawn.paths).toEqual([`/assets/og/${escalations}`]);
    await redrawn.written;

    // Other code draws its cards, whatever this code remembers.
    await writeFile(memoryFile, JSON.stringify(memory));
    await writeFile(join(work(), "cache-names", "og", stand), "a card");
    const otherCode = createImagePipeline({ ...options, codeKey: "code-2" });
    expect(otherCode.ogImages([card("Escalations")]).paths).toEqual([`/assets/og/${escalations}`]);
  });
});

describe("Open Graph cards in the output", () => {
  it("are placed only once what they wait for has settled, and then even if it failed", async () => {
    const card = {
      title: "Routing rules",
      section: "Blog",
      siteName: "Harbor Desk",
      host: "harbordesk.example",
    };
    const options = { imagesDir: join(work(), "images"), cacheDir: join(work(), "cache-wait") };
    // The card is made once, into the cache.
    await createImagePipeline({ ...options, outDir: join(work(), "out-wait-first") }).ogImages([
      card,
    ]).written;

    let pictures!: (failure: Error) => void;
    const picturesResolved = new Promise<void>((_, reject) => {
      pictures = reject;
    });
    const pipeline = createImagePipeline({ ...options, outDir: join(work(), "out-wait") });
    const { paths, written } = pipeline.ogImages([card], picturesResolved);
    const file = join(work(), "out-wait", paths[0] as string);
    // Found in the cache, then held back: long enough for a link or a copy to have happened.
    while (pipeline.report.ogReused === 0) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(stat(file)).rejects.toThrow(/ENOENT/);

    pictures(new Error("a picture is missing"));
    await written;
    expect((await stat(file)).size).toBeGreaterThan(1000);
  });
});

describe("an Open Graph renderer started ahead of its cards", () => {
  const pipelineWith = (folder: string, ogChild: WaitingOgChild) =>
    createImagePipeline({
      imagesDir: join(work(), "images"),
      outDir: join(work(), `out-${folder}`),
      cacheDir: join(work(), `cache-${folder}`),
      ogBatch: 1,
      ogChild,
    });
  it("draws the first batch, and its warm-up card is nowhere", async () => {
    const ahead = prestartOgChild();
    const pipeline = pipelineWith("ahead", ahead);
    const { paths, written } = pipeline.ogImages([card("Queues"), card("Macros")]);
    await written;
    // Two batches of one: the child started ahead drew one of them, a new child the other.
    expect(pipeline.report.ogRendered).toBe(2);
    expect(() => ahead.send([])).toThrow(/sent already/);
    ahead.discard();
    const names = paths.map((path) => path.split("/").pop());
    expect(await cachedCards(join(work(), "cache-ahead"))).toEqual(names.sort());
    expect((await readdir(join(work(), "out-ahead", "assets", "og"))).sort()).toEqual(names);
  });

  it("fails the cards with the renderer's message when it died before they came", async () => {
    const ahead = prestartOgChild();
    process.kill(ahead.pid as number, "SIGKILL");
    await exited(ahead.pid);
    const { written } = pipelineWith("died", ahead).ogImages([card("Tags")]);
    await expect(written).rejects.toThrow(/Rendering Open Graph cards failed/);
  });

  it("stops when it is discarded unused", async () => {
    const ahead = prestartOgChild();
    ahead.discard();
    await exited(ahead.pid);
    expect(() => ahead.send([])).toThrow(/discarded already/);
  });
});

describe("Open Graph cards that cannot be written", () => {
  it("are still named, and the failure reaches whoever waits for the files", async () => {
    const blocked = join(work(), "blocked-cache");
    await writeFile(blocked, "a file where the cache folder should be");
    const pipeline = createImagePipeline({
      imagesDir: join(work(), "images"),
      outDir: join(work(), "out-blocked"),
      cacheDir: blocked,
    });
    const { paths, written } = pipeline.ogImages([
      { title: "Queues", section: "Blog", siteName: "Harbor Desk", host: "harbordesk.example" },
    ]);
    expect(paths[0]).toMatch(/^\/assets\/og\/[0-9a-f]{16}\.png$/);
    await expect(written).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});

describe("SVG sources", () => {
  it("must be inert and self-contained", () => {
    expect(() =>
      assertSafeSvg('<svg><rect fill="url(#g)"/><use href="#a"/></svg>', "a.svg"),
    ).not.toThrow();
    for (const bad of [
      "<svg><script>alert(1)</script></svg>",
      '<svg onload="x()"></svg>',
      '<svg><image href="https://evil.test/x.png"/></svg>',
      "<svg><foreignObject/></svg>",
      '<svg><rect style="fill:url(https://evil.test)"/></svg>',
      // Spelled so that a plain search for the words misses them:
      '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>',
      '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:foreignObject/></s:svg>',
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/></a></svg>',
      '<svg><a><set attributeName="xlink:href" to="https://evil.test/"/></a></svg>',
      '<svg><style>@import "https://evil.test/x.css";</style></svg>',
      "<svg><style>rect { fill: u\\72 l(https://evil.test/) }</style></svg>",
      '<svg><rect fill="u&#114;l(https://evil.test/)"/></svg>',
      '<!DOCTYPE svg SYSTEM "https://evil.test/x.dtd"><svg/>',
    ]) {
      expect(() => assertSafeSvg(bad, "content/images/x.svg"), bad).toThrow(
        /content\/images\/x\.svg/,
      );
    }
    // Text that reads like a handler is text: a <title> may say "onclick = …".
    expect(() =>
      assertSafeSvg("<svg><title>Set onclick = open</title><rect/></svg>", "a.svg"),
    ).not.toThrow();
  });

  it("are checked by their bytes, whatever the file is called", async () => {
    const imagesDir = join(work(), "disguised");
    await mkdir(imagesDir, { recursive: true });
    await writeFile(join(imagesDir, "evil.png"), "<svg><script>alert(1)</script></svg>");
    const pipeline = createImagePipeline({
      imagesDir,
      outDir: join(work(), "disguised-out"),
      cacheDir: join(work(), "disguised-cache"),
    });
    await expect(pipeline.picture("evil.png", "hero")).rejects.toThrow(
      /content\/images\/evil\.png: SVG images must be self-contained/,
    );
  });
});

describe("a card's section", () => {
  it("is worked out once per first path segment, the same as for each path alone", () => {
    const segment = fc.constantFrom("", "blog", "help-desk", "404.html", "x-y-z", "Blog");
    const path = fc
      .array(segment, { maxLength: 4 })
      .chain((parts) =>
        fc.constantFrom(parts.join("/"), `/${parts.join("/")}/`, `//${parts.join("/")}`),
      );
    fc.assert(
      fc.property(fc.array(path, { minLength: 1, maxLength: 12 }), (paths) => {
        const section = sectionsByFirstSegment();
        for (const each of paths) expect(section(each), each).toBe(sectionOf(each));
      }),
      { numRuns: 500 },
    );
    expect(sectionOf("/help-desk-staffing-calculator/")).toBe("Help Desk Staffing Calculator");
    expect(sectionOf("/")).toBe("Home");
  });
});
