/**
 * `npm run build`: client bundle, standalone attribution script, server bundle, then the
 * prerender of every route into the output folder.
 *
 *   node scripts/build.ts [--content content] [--out public] [--workers N] [--no-compress]
 *                         [--incremental] [--link-css]
 *
 * `--incremental` reuses the previous incremental build into the same folder when no code,
 * config or dependency changed: no bundling, and only the pages whose inputs changed are
 * rendered again (src/build/build-cache.ts). Otherwise it is a full build. `--link-css` links
 * the stylesheet in <head> instead of inlining each page's critical CSS.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildSite } from "../src/build/build-site.ts";
import { ContentError } from "../src/build/content-error.ts";

const { values } = parseArgs({
  options: {
    content: { type: "string", default: "content" },
    out: { type: "string", default: process.env.HD_OUT_DIR ?? "public" },
    workers: { type: "string" },
    "no-compress": { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
    incremental: { type: "boolean", default: false },
    "link-css": { type: "boolean", default: false },
  },
});

const contentDir = resolve(values.content);
if (!existsSync(contentDir)) {
  console.error(`No content folder at ${contentDir}.`);
  process.exit(1);
}

try {
  const report = await buildSite({
    contentDir,
    outDir: resolve(values.out),
    ...(values.workers !== undefined ? { workers: Number(values.workers) } : {}),
    compress: !values["no-compress"],
    incremental: values.incremental,
    inlineCriticalCss: !values["link-css"],
    log: values.quiet ? () => {} : (line) => console.log(line),
  });
  if (!values.quiet) {
    console.log(
      `Built ${report.routes} pages into ${values.out} in ${(report.seconds).toFixed(1)} s (prerender ${report.prerenderSeconds.toFixed(1)} s).`,
    );
  }
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}
