/**
 * `npm run bench:profile -- DIR_OR_FILES… [--top 25] [--inclusive] [--from S] [--to S]
 * [--spans name,name]`: where each thread of a profiled run spent its time. Profile first, e.g.
 *
 *     node --cpu-prof --cpu-prof-dir=/tmp/prof bench/build.ts --pages 10000
 *
 * which writes one `.cpuprofile` per thread (the build's and each render worker's); then
 * `npm run bench:profile -- /tmp/prof`. Each thread prints its start relative to the first,
 * its time by kind (file system, garbage collection, React, project code…), its top functions
 * by own time and, with `--inclusive`, by time on the stack. `--from`/`--to` keep the samples
 * of a window (seconds from that thread's start); `--spans renderBatch,loadContent` prints
 * when those functions first and last ran. Build code bundled into one file (the build's own
 * thread runs `.cache/build-code/*.mjs`) counts as project code, the libraries inside it too.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type CpuProfile, summarizeProfile, TIME_KINDS } from "./cpu-profile-summary.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "25" },
    inclusive: { type: "boolean", default: false },
    from: { type: "string" },
    to: { type: "string" },
    spans: { type: "string" },
  },
});
const files = positionals.flatMap((path) =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith(".cpuprofile"))
        .sort()
        .map((name) => join(path, name))
    : [path],
);
if (files.length === 0) {
  console.error(
    "usage: npm run bench:profile -- DIR_OR_FILE… (the .cpuprofile files of node --cpu-prof)",
  );
  process.exit(1);
}
const top = Number(values.top);
const seconds = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const spans = values.spans?.split(",").filter(Boolean) ?? [];

const profiles = files.map((file) => ({
  file,
  profile: JSON.parse(readFileSync(file, "utf8")) as CpuProfile,
}));
const firstStart = Math.min(...profiles.map(({ profile }) => profile.startTime));
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

for (const { file, profile } of profiles) {
  const summary = summarizeProfile(profile, {
    ...(values.from !== undefined ? { from: seconds(values.from) } : {}),
    ...(values.to !== undefined ? { to: seconds(values.to) } : {}),
    spans,
  });
  const offset = (profile.startTime - firstStart) / 1e6;
  console.log(
    `\n== ${file}\n   starts +${offset.toFixed(3)} s, lasts ${(summary.spanMs / 1000).toFixed(3)} s; ${summary.sampledMs.toFixed(0)} ms sampled`,
  );
  for (const kind of TIME_KINDS) {
    const share = summary.sampledMs > 0 ? (100 * summary.byKind[kind]) / summary.sampledMs : 0;
    if (summary.byKind[kind] > 0) {
      console.log(
        `   ${kind.padEnd(20)} ${ms(summary.byKind[kind])} ${share.toFixed(0).padStart(3)} %`,
      );
    }
  }
  summary.spans.forEach((span, index) => {
    console.log(
      span
        ? `   ${span.name}: ${span.first.toFixed(3)} → ${span.last.toFixed(3)} s, ${span.ms.toFixed(0)} ms on the stack`
        : `   ${spans[index]}: never on the stack`,
    );
  });
  console.log("   -- by own time");
  for (const row of summary.self.slice(0, top)) console.log(`   ${ms(row.ms)}  ${row.label}`);
  if (values.inclusive) {
    console.log("   -- by time on the stack");
    for (const row of summary.inclusive.slice(0, top))
      console.log(`   ${ms(row.ms)}  ${row.label}`);
  }
}
