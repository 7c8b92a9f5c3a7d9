/**
 * A watching build in a process of its own, as `npm run build -- --watch` runs it
 * (src/build/watch-build.ts): `node --import ./src/build/compile-cache.mjs
 * bench/watch-rebuild.ts --content DIR --out DIR [--no-og] [--no-search] [--no-critical-css]`,
 * with the options of the build before it. Prints one JSON line per build for bench/build.ts,
 * which edits a post and times how long after the save the rebuild's line arrives. Stops when
 * its standard input closes.
 */
import { parseArgs } from "node:util";
import { watchBuild } from "../src/build/watch-build.ts";
import { FEATURE_FLAGS, featureOptions } from "./build-features.ts";

const { values } = parseArgs({
  options: {
    content: { type: "string" },
    out: { type: "string" },
    ...FEATURE_FLAGS,
  },
});
if (!values.content || !values.out) {
  console.error(
    "usage: node bench/watch-rebuild.ts --content DIR --out DIR [--no-og] [--no-search] [--no-critical-css]",
  );
  process.exit(1);
}

/** What bench/build.ts reads of each build: when it finished (epoch ms) and its report. */
export interface WatchLine {
  finishedAt: number;
  failed?: string;
  seconds?: number;
  rendered?: number;
  routes?: number;
  filesWritten?: number;
  filesDeleted?: number;
  searchFiles?: number;
}

const say = (line: WatchLine) => console.log(JSON.stringify(line));
const watching = watchBuild(
  {
    contentDir: values.content,
    outDir: values.out,
    ...featureOptions(values),
    // The synthetic posts replace the real ones that pages link to.
    checkLinks: false,
  },
  {
    onBuilt(report) {
      say({
        finishedAt: Date.now(),
        seconds: report.seconds,
        rendered: report.rendered,
        routes: report.routes,
        filesWritten: report.filesWritten,
        filesDeleted: report.filesDeleted,
        searchFiles: report.searchFiles,
      });
    },
    onFailed(error) {
      say({ finishedAt: Date.now(), failed: String(error) });
    },
  },
);
process.stdin.resume();
process.stdin.on("end", () => {
  void watching.stop().then(() => process.exit(0));
});
