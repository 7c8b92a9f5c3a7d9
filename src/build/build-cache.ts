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
import { createHash, hash } from "node:crypto";
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fnv1a } from "../lib/index.ts";
import { buildStateFile } from "./build-state-file.ts";
import { eachFile, PROJECT_ROOT } from "./code-digest.ts";
import type { FileMemory } from "./file-memory.ts";
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

/** Stands for a shared value in the JSON a key is made from: no content key starts with NUL. */
const SHARED_VALUE = "\u0000shared";

/**
 * Route keys for one build: the site-wide inputs (`sharedKey`) and each route itself, before
 * its images are resolved. Values of `shared` (shared-values.ts) that a route's data holds,
 * directly or in an array, are serialised and digested once per keyer and stand in the route's
 * JSON as their digest: the key still follows from their whole content.
 */
export function routeKeyer(
  sharedKey: string,
  shared: ReadonlySet<object> = new Set(),
): (route: object) => string {
  const isShared = (value: unknown): value is object =>
    typeof value === "object" && value !== null && shared.has(value);
  const digests = new Map<object, string>();
  const digestOf = (value: object) => {
    let digest = digests.get(value);
    if (digest === undefined) {
      digest = hash("sha1", JSON.stringify(value), "base64url");
      digests.set(value, digest);
    }
    return { [SHARED_VALUE]: digest };
  };
  const keyed = (value: unknown): unknown => {
    if (isShared(value)) return digestOf(value);
    if (Array.isArray(value) && value.some(isShared)) {
      return value.map((item) => (isShared(item) ? digestOf(item) : item));
    }
    return value;
  };
  return (route) => {
    const keyHash = createHash("sha256").update(sharedKey);
    // A route's Markdown, the largest part of most, is hashed as it is rather than escaped into
    // the JSON first: 10,000 posts' routes are 59 MB of JSON, and building it was most of an
    // incremental rebuild's keying.
    const { markdown, data, ...rest } = route as { markdown?: PendingMarkdown; data?: unknown };
    keyHash.update(JSON.stringify(rest));
    if (typeof data === "object" && data !== null && !Array.isArray(data)) {
      const view: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(data)) view[name] = keyed(value);
      keyHash.update(`\u0000${JSON.stringify(view)}`);
    } else if (data !== undefined) {
      keyHash.update(`\u0000${JSON.stringify(keyed(data))}`);
    }
    // Hashing 10,000 posts' bodies was a quarter of keying; a post's digest covers its body.
    if (markdown?.digest !== undefined) {
      keyHash.update(`\u0000${markdown.target}\u0000digest\u0000${markdown.digest}`);
    } else if (markdown) {
      keyHash.update(`\u0000${markdown.target}\u0000body\u0000`).update(markdown.body);
    }
    return keyHash.digest("base64url");
  };
}

/** One route's key (routeKeyer, for a single route). */
export function routeKey(sharedKey: string, route: object): string {
  return routeKeyer(sharedKey)(route);
}

export function createBuildCache(cacheDir: string, memory?: FileMemory) {
  return {
    dir: cacheDir,
    ...buildStateFile<BuildState>(join(cacheDir, STATE_FILE), () => true, memory),
  };
}
export type BuildCache = ReturnType<typeof createBuildCache>;
