/**
 * `npm test`: everything that must pass before a change lands, in order, stopping at the
 * first failure: types, lint and format, unit tests, then browser tests on a fresh build.
 */
import { spawnSync } from "node:child_process";

const steps: Array<[label: string, command: string, args: string[]]> = [
  ["Typecheck", "tsc", ["--noEmit", "-p", "tsconfig.json"]],
  ["Lint and format check", "biome", ["ci", "--colors=off", "."]],
  ["Unit tests", "vitest", ["run"]],
  ["Chromium", "node", ["scripts/ensure-chromium.ts"]],
  ["Browser tests", "playwright", ["test"]],
];

const only = process.argv.slice(2);
for (const [label, command, args] of steps) {
  if (only.length > 0 && !only.some((word) => label.toLowerCase().includes(word))) continue;
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.error) {
    console.error(`✖ ${label} could not start: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status}) after ${seconds} s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} passed in ${seconds} s.`);
}
