/**
 * The image step end to end: a small site built three times — locally (variants written),
 * again unchanged (nothing resized), and with an image service (URLs, no local files).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { BOOTSTRAP_SCRIPT_ID } from "../protocol/index.ts";
import { type BuildReport, buildSite } from "./build-site.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const work = registerTempFolder("hd-images-test-", "all");
let content: string;
let cacheDir: string;
const builds: Record<"first" | "second" | "service", BuildReport> = {} as never;
const outOf = (name: string) => join(work(), name);

async function writeContent(): Promise<void> {
  await cp(
    join(ROOT, "tests/e2e/fixtures/bare-content/settings.json"),
    join(content, "settings.json"),
  );
  await mkdir(join(content, "pages"), { recursive: true });
  await mkdir(join(content, "images/photos"), { recursive: true });
  await writeFile(
    join(content, "pages/index.md"),
    `---\ntitle: "Harbor Desk"\ndescription: "Help desk."\ntemplate: home\nimage:\n  src: photos/team.png\n  alt: "The support team at the weekly review"\n---\n\nBody.\n`,
  );
  await writeFile(
    join(content, "authors.json"),
    JSON.stringify([
      { id: "ada", name: "Ada", portrait: { src: "photos/ada.png", alt: "Portrait of Ada" } },
    ]),
  );
  await mkdir(join(content, "posts"), { recursive: true });
  await writeFile(
    join(content, "posts/hello.md"),
    `---\ntitle: "Hello"\ndescription: "First post."\ndate: "2026-01-02"\nauthor: ada\n---\n\nHi.\n`,
  );
  // Small opaque sources keep the test quick; the team photo is smaller than the hero's
  // widest variant, so the no-upscaling rule is exercised too.
  await sharp({ create: { width: 900, height: 600, channels: 3, background: "#4176fa" } })
    .png()
    .toFile(join(content, "images/photos/team.png"));
  await sharp({ create: { width: 300, height: 300, channels: 3, background: "#b8553a" } })
    .png()
    .toFile(join(content, "images/photos/ada.png"));
}

function bootstrap(out: string, file: string) {
  const html = readFileSync(join(out, file), "utf8");
  const json = html.split(`id="${BOOTSTRAP_SCRIPT_ID}">`)[1]?.split("</script>")[0] ?? "";
  return { html, data: JSON.parse(json).pageData.result.data };
}

beforeAll(async () => {
  content = join(work(), "content");
  cacheDir = join(work(), "cache");
  await writeContent();
  const common = { contentDir: content, imageCacheDir: cacheDir, compress: false };
  builds.first = await buildSite({ ...common, outDir: outOf("first") });
  builds.second = await buildSite({ ...common, outDir: outOf("second") });
  builds.service = await buildSite({
    ...common,
    outDir: outOf("service"),
    imageDomain: "harbordesk.imgix.net",
  });
}, 240_000);

describe("a build without an image service", () => {
  it("writes AVIF, WebP and a fallback for every planned width", () => {
    const files = readdirSync(join(outOf("first"), "assets/img"));
    const of = (ext: string) =>
      files.filter((file) => file.startsWith("team-") && file.endsWith(ext));
    // hero widths 480 and 720 fit the 900 px source; 1080 and 1440 collapse into one at 900.
    for (const ext of [".avif", ".webp", ".jpg"]) {
      expect(
        of(ext)
          .map((file) => Number(file.split(/[-.]/)[1]))
          .sort((a, b) => a - b),
      ).toEqual([480, 720, 900]);
    }
    expect(builds.first.images).toMatchObject({ backend: "local", encodes: files.length });
    expect(builds.first.images.encodes).toBeGreaterThan(0);
  });

  it("hands the template a resolved picture with sources, size and placeholder", () => {
    const { data, html } = bootstrap(outOf("first"), "index.html");
    expect(data.image).toMatchObject({
      alt: "The support team at the weekly review",
      width: 720,
      height: 480,
      layout: "constrained",
      priority: true,
      sizes: "(min-width: 760px) 720px, calc(100vw - 40px)",
      sources: [
        {
          type: "image/avif",
          srcSet: expect.stringMatching(/^\/assets\/img\/team-480\.\w+\.avif 480w, /),
        },
        { type: "image/webp", srcSet: expect.stringContaining(".webp 900w") },
      ],
      src: expect.stringMatching(/^\/assets\/img\/team-720\.\w+\.jpg$/),
      placeholder: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(html).toContain('<link rel="preload" as="image" imagesrcset="/assets/img/team-480');
    expect(html).toMatch(/<img [^>]*fetchPriority="high"|<img [^>]*fetchpriority="high"/);
    for (const file of [
      data.image.src,
      ...data.image.srcSet.split(", ").map((s: string) => s.split(" ")[0]),
    ]) {
      expect(existsSync(join(outOf("first"), file)), file).toBe(true);
    }
  });

  it("gives fixed portraits pixel-ratio variants and a colour placeholder", () => {
    const { data } = bootstrap(outOf("first"), "blog/authors/ada/index.html");
    expect(data.author.portrait).toMatchObject({
      width: 112,
      height: 112,
      layout: "fixed",
      priority: false,
      placeholder: expect.stringMatching(/^rgb\(/),
    });
    // 3x would be 336 px: wider than the 300 px source, so it is made at 300.
    expect(data.author.portrait.sources[0].srcSet).toMatch(
      /ada-112\.\w+\.avif 1x, .*ada-224\.\w+\.avif 2x, .*ada-300\.\w+\.avif 3x$/,
    );
  });

  it("renders an Open Graph card per page and points og:image at it", () => {
    const { html } = bootstrap(outOf("first"), "blog/hello/index.html");
    const og = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1] ?? "";
    const path = new URL(og).pathname;
    expect(path).toMatch(/^\/assets\/og\/\w+\.png$/);
    expect(existsSync(join(outOf("first"), path))).toBe(true);
    expect(builds.first.images.ogRendered).toBeGreaterThan(0);
  });
});

describe("a second build with unchanged images", () => {
  it("resizes nothing and renders no card, yet writes the same files", () => {
    expect(builds.second.images).toMatchObject({ encodes: 0, metaReads: 0, ogRendered: 0 });
    expect(builds.second.images.cacheHits).toBe(builds.first.images.pictures);
    expect(readdirSync(join(outOf("second"), "assets/img")).sort()).toEqual(
      readdirSync(join(outOf("first"), "assets/img")).sort(),
    );
    expect(bootstrap(outOf("second"), "index.html").data.image).toEqual(
      bootstrap(outOf("first"), "index.html").data.image,
    );
  });
});

describe("a build with an image service", () => {
  it("emits service URLs and no local variants", () => {
    expect(existsSync(join(outOf("service"), "assets/img"))).toBe(false);
    expect(builds.service.images).toMatchObject({
      backend: "service",
      encodes: 0,
      filesWritten: 0,
    });
    const { data, html } = bootstrap(outOf("service"), "index.html");
    expect(data.image.sources).toEqual([]);
    expect(data.image.src).toBe(
      "https://harbordesk.imgix.net/photos/team.png?auto=format%2Ccompress&q=75&w=720&dpr=1",
    );
    expect(data.image.srcSet.split(",\n").map((entry: string) => entry.split(" ")[1])).toEqual([
      "480w",
      "720w",
      "1080w",
      "1440w",
    ]);
    expect(html).toContain('imagesrcset="https://harbordesk.imgix.net/photos/team.png?');
  });
});
