/**
 * `npm run bench`: every figure we track, printed: build throughput and memory, first-load
 * JavaScript per page, and serving under load (1,000 connections: requests/s, p99, peak RSS).
 * `--pages N` sets the synthetic site size.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { measureServingUnderLoad, printServingUnderLoad } from "./serve-load.ts";

const { values } = parseArgs({ options: { pages: { type: "string", default: "2000" } } });
const ROOT = resolve(import.meta.dirname, "..");

function run(script: string, args: string[]): void {
  const result = spawnSync(process.execPath, [join(ROOT, script), ...args], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log("== Build ==");
run("bench/build.ts", ["--pages", values.pages]);

console.log("\n== Site build for size and serving figures ==");
const outDir = join(ROOT, ".build", "bench-site");
run("scripts/build.ts", ["--out", outDir, "--quiet"]);
if (!existsSync(join(outDir, "index.html")))
  throw new Error("the site build produced no index.html");
run("bench/size.ts", [outDir]);

console.log("");
printServingUnderLoad(await measureServingUnderLoad(outDir));
