/**
 * What a finished build wrote into its output folder, kept beside that folder
 * (`.{name}.output.json`), so that the next full build with the same code can overwrite the
 * output in place instead of setting it all aside and writing every file anew.
 *
 * Why: a full build into a used folder used to rename the whole previous output aside, write
 * 46,000 new files and folders, then delete the old ones (0.8 s of CPU at 10,000 posts). On
 * this project's VMs, memory the guest has not touched lately also costs a fault to the host:
 * at 20,000 posts the rebuild into a used folder took 9.3 s against 7.4 s in place. Written in
 * place, a page's file reuses its own pages, and only what the new build no longer writes goes.
 *
 * The record is trusted only when the same code and options wrote it (its `code` is the build
 * fingerprint), so the same writers made the same kinds of files; it is removed before a build
 * touches the output and written once the build is done, so a build that fails half-way leaves
 * none and the next build sets everything aside, as before.
 */
import { rmdirSync, rmSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { htmlFileFor, pageDataUrl } from "../protocol/index.ts";
import { buildStateFile } from "./build-state-file.ts";

export interface OutputRecord {
  /** The build fingerprint (build-cache.ts `fingerprintOf`) of the build that wrote it. */
  code: string;
  /** Every route's path: each has an HTML file and a page-data file (`routeFiles`). */
  routes: string[];
  /**
   * The other files the build's own thread wrote (shared data, site files), relative to the
   * output folder with "/" between folders. Not the search index's: it deletes its own.
   */
  files: string[];
  /** The output folder's entries this build wrote into: the ones a next build may keep. */
  entries: string[];
}

/** The two files of a route, relative to the output folder. */
export function routeFiles(path: string): string[] {
  return [htmlFileFor(path), pageDataUrl(path)].map((url) => url.replace(/^\//, ""));
}

/** The folders the routes' files go into, each once. */
export function routeFolders(outDir: string, paths: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const path of paths) {
    for (const file of routeFiles(path)) folders.add(dirname(join(outDir, file)));
  }
  return folders;
}

/** Deletes a file the build no longer writes, and its folder once that is empty. */
export function removeOutputFile(outDir: string, file: string): void {
  const full = join(outDir, file);
  rmSync(full, { force: true });
  try {
    rmdirSync(dirname(full));
  } catch {
    // Not empty (another file of the site lives there): keep it.
  }
}

/**
 * The record of a build from the routes it built and the files its own thread wrote (full
 * paths); `searchDir` is the search index's folder, which keeps itself tidy.
 */
export function outputRecordOf(
  outDir: string,
  code: string,
  routes: readonly string[],
  written: Iterable<string>,
  searchDir: string,
): OutputRecord {
  const ofRoutes = new Set(routes.flatMap(routeFiles));
  const entries = new Set([...ofRoutes].map(firstSegment));
  const files: string[] = [];
  for (const full of written) {
    const file = relative(outDir, full).split(sep).join("/");
    // Only what lies inside the folder: the next build deletes by this list.
    if (!isInside(file)) continue;
    entries.add(firstSegment(file));
    if (!ofRoutes.has(file) && firstSegment(file) !== searchDir) files.push(file);
  }
  return { code, routes: [...routes], files: files.sort(), entries: [...entries].sort() };
}

/**
 * What the previous build wrote that this one did not, in the output folder's entries `kept`
 * in place (what was set aside went whole, and a staged entry is not the last build's): the
 * files of routes that are gone, and other files no longer written (a static query whose
 * result, and so its name, changed).
 */
export function staleOutputFiles(
  previous: OutputRecord,
  current: OutputRecord,
  kept: ReadonlySet<string>,
): string[] {
  const now = new Set([...current.routes.flatMap(routeFiles), ...current.files]);
  const before = [...previous.routes.flatMap(routeFiles), ...previous.files];
  return [...new Set(before.filter((file) => !now.has(file) && kept.has(firstSegment(file))))];
}

/** A relative path that stays inside the folder it is relative to. */
function isInside(file: string): boolean {
  return file !== "" && !isAbsolute(file) && !file.split("/").includes("..");
}

function firstSegment(file: string): string {
  return file.split("/", 1)[0] as string;
}

/** Where the record of the build into outDir is kept: beside it, out of what is deployed. */
export function outputRecordFile(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.output.json`);
}

/** The record of the last build into outDir (read, forget, save), for the same fingerprint. */
export function outputRecordStore(outDir: string) {
  const strings = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((item) => typeof item === "string");
  // A record names what a build deletes: one that reaches outside the folder is not trusted.
  return buildStateFile<OutputRecord>(
    outputRecordFile(outDir),
    (record) =>
      strings(record.routes) &&
      record.routes.every((path) => path.startsWith("/") && isInside(path.slice(1) || "index")) &&
      strings(record.files) &&
      record.files.every(isInside) &&
      strings(record.entries) &&
      record.entries.every(isInside),
  );
}
