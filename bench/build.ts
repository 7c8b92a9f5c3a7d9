/**
 * `npm run bench:build -- --pages N [--workers W] [--images] [--no-og] [--no-search]
 * [--no-critical-css] [--incremental]`: builds a site with N synthetic blog posts and prints
 * throughput, peak memory and page sizes. `--images` gives every post a cover from a shared set
 * of sources (processed once each, cold cache); `--no-og` skips the per-page Open Graph cards,
 * `--no-search` the search index and `--no-critical-css` the inline critical CSS. A bare
 * generator (the floor of ../shared/perf) has none of the three, so a run without each says
 * what it costs: at 10,000 posts on a 2-core Zen 5, on tmpfs, the cards already drawn, about
 * 0.3 s, 0.4-0.6 s and 0.2-0.3 s of a 3.1-3.6 s build. Files cost more where system calls do:
 * on a Zen 5 whose kernel ran page-table isolation, the cards took 0.8-1.2 s of a 6.5-6.8 s
 * build, and so did writing the pages and their page data (24,000 files in as many folders;
 * measured with those writes switched off). `--incremental` then edits one post and rebuilds
 * incrementally (build-cache.ts) in a process of its own, ONE_SHOT_EDITS times, printing each
 * rebuild's time, their median and how many files they wrote; it uses the project's image cache, so the first build is not a cold one (and `--no-og` compares
 * like with like). Then a watching build (`npm run build -- --watch`, watch-build.ts) is
 * started on the same output, and the same post is edited WATCHED_EDITS times: each figure is
 * the time from the save to the rebuild's end, the watcher's settling time included. A
 * benchmark, not a test: it asserts nothing.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { type BuildReport, buildCacheDirOf, buildSite } from "../src/build/build-site.ts";
import { FEATURE_FLAGS, featureOptions, reusingBuildArgs } from "./build-features.ts";
import { writeSyntheticContent } from "./synthetic-content.ts";
import type { WatchLine } from "./watch-rebuild.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "2000" },
    workers: { type: "string" },
    keep: { type: "boolean", default: false },
    images: { type: "boolean", default: false },
    ...FEATURE_FLAGS,
    incremental: { type: "boolean", default: false },
  },
});
const incremental = values.incremental;
const posts = Number(values.pages);
if (!Number.isInteger(posts) || posts < 1) {
  console.error("--pages takes a positive whole number");
  process.exit(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
/** What bench/incremental-rebuild.ts prints of its build's report. */
type RebuildReport = Pick<
  BuildReport,
  | "seconds"
  | "phases"
  | "reused"
  | "rendered"
  | "routes"
  | "filesWritten"
  | "filesDeleted"
  | "searchFiles"
  | "postCache"
>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Saves timed against a watching build. */
const WATCHED_EDITS = 5;
/** Edits each followed by a one-shot incremental rebuild. */
const ONE_SHOT_EDITS = 5;

/** One post edited as the benchmark edits it: its title (the lists show it) and its body. */
async function editPost(file: string, retitle: (title: string) => string): Promise<void> {
  const text = await readFile(file, "utf8");
  await writeFile(
    file,
    `${text.replace(/^title: "?(.*?)"?$/m, (_, title: string) => `title: "${retitle(title)}"`)}\nOne more paragraph.\n`,
  );
}

/**
 * Starts a watching build of contentDir into outDir and times WATCHED_EDITS saves of `post`:
 * from just before each save to the end of the rebuild it caused, as that build reports it.
 */
async function timeWatchedEdits(
  contentDir: string,
  outDir: string,
  post: string,
): Promise<{ afterSave: number; line: WatchLine }[]> {
  const child = spawn(
    process.execPath,
    reusingBuildArgs("watch-rebuild.ts", contentDir, outDir, values),
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextBuild = async (): Promise<WatchLine> => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error("the watching build stopped");
      if (!value.startsWith("{")) continue;
      const line = JSON.parse(value) as WatchLine;
      if (line.failed) throw new Error(`a watched build failed: ${line.failed}`);
      return line;
    }
  };
  try {
    await nextBuild(); // Its first build: nothing changed since the rebuild above.
    const timed: { afterSave: number; line: WatchLine }[] = [];
    for (let edit = 1; edit <= WATCHED_EDITS; edit += 1) {
      const saved = Date.now();
      await editPost(post, (title) => `${title.replace(/ \(edit \d+\)$/, "")} (edit ${edit})`);
      const line = await nextBuild();
      timed.push({ afterSave: (line.finishedAt - saved) / 1000, line });
    }
    return timed;
  } finally {
    child.stdin.end();
    await new Promise((done) => child.once("exit", done));
  }
}

const work = await mkdtemp(join(tmpdir(), "hd-bench-build-"));
const outDir = join(work, "public");
try {
  const contentDir = join(work, "content");
  await writeSyntheticContent(contentDir, posts, { images: values.images });
  const report = await buildSite({
    contentDir,
    outDir,
    // A fresh cache: the figures are those of a cold build (--incremental: the project's).
    ...(incremental ? { incremental } : { imageCacheDir: join(work, "image-cache") }),
    ...featureOptions(values),
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
  const { phases } = report;
  console.log(
    `  phases              content ${phases.content.toFixed(2)} s, routes + bundles ${phases.bundles.toFixed(2)} s, render (with images) ${phases.render.toFixed(2)} s, search index ${phases.search.toFixed(2)} s`,
  );
  console.log(
    `  bundles             ${report.bundles === "cached" ? "copied from .cache/bundles (this code was bundled before)" : "built by Vite"}`,
  );
  console.log(
    `  Markdown ahead      ${report.markdownAhead.taken} of ${report.markdownAhead.of} pages' bodies rendered by the workers while the content loaded and the routes were derived (${report.markdownAhead.rendered} rendered ahead in all)`,
  );
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
  // Linked unless the output is on another file system than the cache (card-pack.ts).
  console.log(
    `  cached OG cards     ${images.ogReused}, ${images.ogCopied + images.ogFromPacks === 0 ? "linked" : `${images.ogFromPacks} written from packs and ${images.ogCopied} copied from their files`}`,
  );
  if (incremental) {
    // One post edited: its body and its title, which the blog list and related posts show.
    const post = join(contentDir, "posts", "synthetic-post-1.md");
    // Several rebuilds, each after its own edit: one process's time varies by a quarter from
    // run to run on a 2-core machine, and the target is a threshold (under 2 s).
    const rebuilds: { processSeconds: number; rebuild: RebuildReport }[] = [];
    for (let edit = 1; edit <= ONE_SHOT_EDITS; edit += 1) {
      await editPost(post, (title) => `${title.replace(/ \(edited \d+\)$/, "")} (edited ${edit})`);
      // A process of its own, as a rebuild after an edit is: its wall time is what the editor waits.
      const started = performance.now();
      const child = spawnSync(
        process.execPath,
        reusingBuildArgs("incremental-rebuild.ts", contentDir, outDir, values),
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      );
      const processSeconds = (performance.now() - started) / 1000;
      if (child.status !== 0) {
        throw new Error(`the incremental rebuild exited with ${child.signal ?? child.status}`);
      }
      const rebuild = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "") as RebuildReport;
      rebuilds.push({ processSeconds, rebuild });
    }
    const times = rebuilds.map(({ processSeconds }) => processSeconds);
    console.log(
      `incremental rebuild after editing one post (${ONE_SHOT_EDITS} edits, a process each):`,
    );
    console.log(
      `  time                median ${median(times).toFixed(2)} s, the process from start to exit (${times.map((time) => time.toFixed(2)).join(", ")} s; the build's own timer: ${rebuilds.map(({ rebuild }) => rebuild.seconds.toFixed(2)).join(", ")} s)`,
    );
    const { rebuild } = rebuilds.at(-1) as (typeof rebuilds)[number];
    const phases = rebuild.phases;
    console.log(
      `  phases (last)       content ${phases.content.toFixed(2)} s, routes ${phases.bundles.toFixed(2)} s, render ${phases.render.toFixed(2)} s, search index ${phases.search.toFixed(2)} s`,
    );
    console.log(
      `  bundles reused      ${rebuilds.every(({ rebuild }) => rebuild.reused) ? "yes" : "no"}`,
    );
    if (rebuild.postCache) {
      const { found, made, unread } = rebuild.postCache;
      console.log(
        `  posts parsed        ${made} of ${found + made} (the rest from the post cache, ${unread} of them not even read: their files' stamps were unchanged)`,
      );
    }
    // The same for every edit, or each is listed.
    const counted = (count: (rebuild: RebuildReport) => number) => {
      const counts = [...new Set(rebuilds.map(({ rebuild }) => count(rebuild)))];
      return counts.length === 1 ? String(counts[0]) : `${counts.join(", ")} (differing by edit)`;
    };
    console.log(`  routes rendered     ${counted((built) => built.rendered)} of ${rebuild.routes}`);
    console.log(
      `  files written       ${counted((built) => built.filesWritten)} (pages, page data, site files)`,
    );
    console.log(`  files deleted       ${counted((built) => built.filesDeleted)}`);
    console.log(
      `  search index files  ${counted((built) => built.searchFiles)} written (named by content: only those that changed)`,
    );
    const watched = await timeWatchedEdits(contentDir, outDir, post);
    console.log(
      `watching build (npm run build -- --watch), the same post saved ${WATCHED_EDITS} times:`,
    );
    for (const [index, { afterSave, line }] of watched.entries()) {
      console.log(
        `  save ${index + 1}              ${afterSave.toFixed(2)} s from the save to the rebuilt output (the build's own timer: ${(line.seconds ?? 0).toFixed(2)} s); ${line.rendered} of ${line.routes} routes rendered, ${line.filesWritten} files written, ${line.filesDeleted} deleted`,
      );
    }
  }
  if (values.keep) console.log(`  output kept in ${outDir}`);
} finally {
  if (!values.keep) {
    await rm(work, { recursive: true, force: true });
    await rm(buildCacheDirOf(outDir), { recursive: true, force: true });
  }
}
