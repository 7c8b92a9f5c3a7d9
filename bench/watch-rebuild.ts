/**
 * A watching build in a process of its own, as `npm run build -- --watch` runs it
 * (src/build/watch-build.ts): `node --import ./src/build/compile-cache.mjs
 * bench/watch-rebuild.ts --content DIR --out DIR [--no-og] [--no-search] [--no-critical-css]`,
 * with the options of the build before it. Prints one JSON line per build for bench/build.ts,
 * which edits a post and times how long after the save the rebuild's line arrives. Stops when
 * its standard input closes.
 */
import { watchBuild } from "../src/build/watch-build.ts";
import { reusingBuildOptions } from "./build-features.ts";

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
const watching = watchBuild(reusingBuildOptions("watch-rebuild.ts"), {
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
});
process.stdin.resume();
process.stdin.on("end", () => {
  void watching.stop().then(() => process.exit(0));
});
