/**
 * `npm run bench:build -- --pages N [--workers W] [--images] [--no-og]`: builds a site with N
 * synthetic blog posts and prints throughput, peak memory and page sizes. `--images` gives
 * every post a cover from a shared set of sources (processed once each, cold cache);
 * `--no-og` skips the per-page Open Graph cards. A benchmark, not a test: it asserts nothing.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildSite } from "../src/build/build-site.ts";
import { writeSyntheticContent } from "./synthetic-content.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "2000" },
    workers: { type: "string" },
    keep: { type: "boolean", default: false },
    images: { type: "boolean", default: false },
    "no-og": { type: "boolean", default: false },
  },
});
const posts = Number(values.pages);
if (!Number.isInteger(posts) || posts < 1) {
  console.error("--pages takes a positive whole number");
  process.exit(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const work = await mkdtemp(join(tmpdir(), "hd-bench-build-"));
try {
  const contentDir = join(work, "content");
  const outDir = join(work, "public");
  await writeSyntheticContent(contentDir, posts, { images: values.images });
  const report = await buildSite({
    contentDir,
    outDir,
    // A fresh cache: the figures are those of a cold build.
    imageCacheDir: join(work, "image-cache"),
    ogImages: !values["no-og"],
    // The synthetic posts replace the real ones that pages link to.
    checkLinks: false,
    ...(values.workers !== undefined ? { workers: Number(values.workers) } : {}),
  });
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const html = report.stats.map((stat) => stat.htmlBytes);
  const pageData = report.stats.map((stat) => stat.pageDataBytes);
  console.log(`build benchmark: ${posts} synthetic posts → ${report.routes} pages`);
  console.log(`  total time          ${report.seconds.toFixed(2)} s (Vite bundles + prerender)`);
  console.log(`  prerender time      ${report.prerenderSeconds.toFixed(2)} s`);
  console.log(`  pages/s (total)     ${(report.routes / report.seconds).toFixed(0)}`);
  console.log(`  pages/s (prerender) ${(report.routes / report.prerenderSeconds).toFixed(0)}`);
  console.log(`  peak RSS            ${peakRssMb.toFixed(0)} MB`);
  console.log(`  HTML bytes          median ${kb(median(html))}, max ${kb(Math.max(...html))}`);
  console.log(
    `  page-data bytes     median ${kb(median(pageData))}, max ${kb(Math.max(...pageData))}`,
  );
  const images = report.images;
  console.log(
    `  images              ${images.backend}: ${images.pictures} pictures, ${images.encodes} encodes, ${images.filesWritten} files, ${images.ogRendered} OG cards in ${images.seconds.toFixed(2)} s`,
  );
  if (values.keep) console.log(`  output kept in ${outDir}`);
} finally {
  if (!values.keep) await rm(work, { recursive: true, force: true });
}
