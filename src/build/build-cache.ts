/**
 * What an incremental build needs to know about the build before it: the fingerprint of the
 * code that built it, Vite's manifest, and a key per route of everything its two files are made
 * from. Kept in `.cache/build/{hash of the output folder}/` beside the server bundle, so a
 * rebuild with unchanged code skips Vite altogether and re-renders only the routes whose key
 * changed (a post that was edited, and the lists and related posts that show it).
 *
 * The state is written only after a build finished and removed before one starts: a build
 * that fails half-way leaves none, and the next one is a full build.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fnv1a } from "../lib/index.ts";
import { buildStateFile } from "./build-state-file.ts";
import { eachFile, PROJECT_ROOT } from "./code-digest.ts";
import type { PendingMarkdown } from "./routes.ts";

/** Where an incremental build into outDir keeps its state and server bundle. */
export function buildCacheDirOf(outDir: string): string {
  return join(PROJECT_ROOT, ".cache", "build", fnv1a(resolve(outDir)));
}

export interface BuildState {
  /** Changes when code, config, dependencies or build options change. */
  code: string;
  /** Vite's client manifest of the build that wrote the output. */
  manifest: unknown;
  /** Route path → the key its files were rendered from. */
  routes: Record<string, string>;
  /** Route path → the image files (site paths: variants, Open Graph card) its page links to. */
  images: Record<string, string[]>;
  /** The site's name, which the service worker's offline page shows. */
  siteName: string;
}

const STATE_FILE = "state.json";
/** Bumped when the meaning of the state changes, so an older one is never trusted. */
const STATE_VERSION = "2";

/** The code's digest with the options an output depends on (and the Node version). */
export function fingerprintOf(digest: string, options: unknown): string {
  return createHash("sha256")
    .update(`${STATE_VERSION}|${process.version}|${JSON.stringify(options)}\n${digest}`)
    .digest("hex");
}

/**
 * The image sources a build reads (name, size and modification time of each): a changed
 * image re-renders every page, since a page's key does not say which images it shows.
 */
export function imagesFingerprint(imagesDir: string): string {
  const hash = createHash("sha256");
  eachFile(imagesDir, ".", (file) => {
    const stat = statSync(join(imagesDir, file));
    hash.update(`${file}|${stat.size}|${stat.mtimeMs}\n`);
  });
  return hash.digest("hex");
}

/** A route's key: the site-wide inputs and the route itself, before its images are resolved. */
export function routeKey(sharedKey: string, route: object): string {
  const hash = createHash("sha256").update(sharedKey);
  // A route's Markdown, the largest part of most, is hashed as it is rather than escaped into
  // the JSON first: 10,000 posts' routes are 59 MB of JSON, and building it was most of an
  // incremental rebuild's keying.
  const { markdown, ...rest } = route as { markdown?: PendingMarkdown };
  hash.update(JSON.stringify(rest));
  if (markdown) hash.update(`\u0000${markdown.target}\u0000`).update(markdown.body);
  return hash.digest("base64url");
}

export function createBuildCache(cacheDir: string) {
  return { dir: cacheDir, ...buildStateFile<BuildState>(join(cacheDir, STATE_FILE)) };
}
export type BuildCache = ReturnType<typeof createBuildCache>;
