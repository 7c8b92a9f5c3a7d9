/**
 * The project's folder and a digest of its code: what every cache of the build is keyed by.
 * Node built-ins only, so that the build's entry (build-site.ts) can key the bundled build code
 * (build-code.ts) before it loads any of it.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** The project's folder: its `.cache/` keeps the build's caches. */
export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

/** Folders and files whose contents make up the code of a build (node_modules through the lockfile). */
const CODE_PATHS = [
  "src",
  "static",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "vite.attribution.config.ts",
  "index.html",
];

const TEST_FILE = /\.test\.tsx?$/;

/** Visits every file under root/path (or that file), as paths relative to root, in name order. */
export function eachFile(root: string, path: string, visit: (file: string) => void): void {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) eachFile(root, join(path, name), visit);
  } else {
    visit(path);
  }
}

/**
 * A hash of every file of the code (tests aside). Contents, not times: a checkout or a touch
 * that leaves the bytes alone keeps the cache. Read once per build; each cache derives its key
 * from it.
 */
export function codeDigest(projectRoot: string): string {
  const hash = createHash("sha256");
  for (const path of CODE_PATHS) {
    eachFile(projectRoot, path, (file) => {
      // Tests sit beside the code they test; no build ever imports them.
      if (TEST_FILE.test(file)) return;
      hash.update(`${relative(projectRoot, join(projectRoot, file))}\n`);
      hash.update(readFileSync(join(projectRoot, file)));
    });
  }
  return hash.digest("hex");
}
