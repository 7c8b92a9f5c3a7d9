/**
 * `npm run build`: client bundle, standalone attribution script, server bundle, then the
 * prerender of every route into the output folder.
 *
 *   node scripts/build.ts [--content content] [--out public] [--workers N] [--no-compress]
 *                         [--incremental] [--watch] [--link-css]
 *
 * `--incremental` reuses the previous incremental build into the same folder when no code,
 * config or dependency changed: no bundling, and only the pages whose inputs changed are
 * rendered again (src/build/build-cache.ts). Otherwise it is a full build. `--watch` builds
 * incrementally, then stays running and rebuilds incrementally after every change to the
 * content folder (src/build/watch-build.ts) until stopped with Ctrl-C. `--link-css` links the
 * stylesheet in <head> instead of inlining each page's critical CSS.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  BuildCodeChangedError,
  type BuildOptions,
  type BuildReport,
  buildSite,
} from "../src/build/build-site.ts";
import { ContentError } from "../src/build/content-error.ts";
import { imageWorkNote } from "../src/build/image-work-note.ts";
import { watchBuild } from "../src/build/watch-build.ts";

const { values } = parseArgs({
  options: {
    content: { type: "string", default: "content" },
    out: { type: "string", default: process.env.HD_OUT_DIR?.trim() || "public" },
    workers: { type: "string" },
    "no-compress": { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
    incremental: { type: "boolean", default: false },
    watch: { type: "boolean", default: false },
    "link-css": { type: "boolean", default: false },
  },
});

const contentDir = resolve(values.content);
if (!existsSync(contentDir)) {
  console.error(`No content folder at ${contentDir}.`);
  process.exit(1);
}

const options: BuildOptions = {
  contentDir,
  outDir: resolve(values.out),
  ...(values.workers !== undefined ? { workers: Number(values.workers) } : {}),
  compress: !values["no-compress"],
  incremental: values.incremental || values.watch,
  inlineCriticalCss: !values["link-css"],
  log: values.quiet ? () => {} : (line) => console.log(line),
};

function reportBuilt(report: BuildReport): void {
  if (values.quiet) return;
  if (report.reused) {
    console.log(
      `Rebuilt ${report.rendered} of ${report.routes} pages into ${values.out} in ${report.seconds.toFixed(2)} s: ${report.filesWritten} files written, ${report.filesDeleted} deleted.`,
    );
    return;
  }
  console.log(
    `Built ${report.routes} pages into ${values.out} in ${report.seconds.toFixed(1)} s (prerender ${report.prerenderSeconds.toFixed(1)} s).`,
  );
  const images = imageWorkNote(report.images);
  if (images) console.log(images);
}

function describeFailure(error: unknown): string {
  return error instanceof ContentError || error instanceof BuildCodeChangedError
    ? error.message
    : String((error as Error)?.stack ?? error);
}

if (values.watch) {
  const watching = watchBuild(
    { ...options, log: () => {} },
    {
      onBuilt: reportBuilt,
      onFailed(error) {
        console.error(describeFailure(error));
        if (error instanceof BuildCodeChangedError) {
          void watching.stop().then(() => process.exit(1));
          return;
        }
        console.error(
          `The output in ${values.out} still holds the last good build; save a fix to build again.`,
        );
      },
    },
  );
  await watching.ready;
  console.log(`Watching ${values.content} for changes (Ctrl-C to stop)…`);
  process.once("SIGINT", () => {
    void watching.stop().then(() => process.exit(0));
  });
} else {
  try {
    reportBuilt(await buildSite(options));
  } catch (error) {
    console.error(describeFailure(error));
    process.exit(1);
  }
}
