/**
 * `npm start`: builds the site when the build is missing or older than its sources, then
 * serves it and the API from one process (see server/main.ts for PORT, HOST, HD_OUT_DIR…).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildSite } from "../src/build/build-site.ts";
import { ContentError } from "../src/build/content-error.ts";
import { imageWorkNote } from "../src/build/image-work-note.ts";

const ROOT = resolve(import.meta.dirname, "..");
// Empty counts as unset, as for the server (server/config.ts).
const outDir = resolve(ROOT, process.env.HD_OUT_DIR?.trim() || "public");
const stamp = join(outDir, "page-data", "app-data.json");
const SOURCES = [
  "content",
  "src",
  "static",
  "vite.config.ts",
  "vite.attribution.config.ts",
  "package-lock.json",
];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(path))
    newest = Math.max(newest, newestModification(join(path, name)));
  return newest;
}

function buildIsStale(): boolean {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((source) => newestModification(join(ROOT, source)) > built);
}

if (process.env.SKIP_BUILD !== "1" && buildIsStale()) {
  console.log(`Building the site into ${outDir} (sources changed or no build yet)…`);
  try {
    const report = await buildSite({
      contentDir: join(ROOT, "content"),
      outDir,
      log: (line) => console.log(line),
    });
    console.log(`Built ${report.routes} pages in ${report.seconds.toFixed(1)} s.`);
    const images = imageWorkNote(report.images);
    if (images) console.log(images);
  } catch (error) {
    console.error(error instanceof ContentError ? error.message : error);
    process.exit(1);
  }
}

process.env.HD_OUT_DIR = outDir;
await import("../server/main.ts");
