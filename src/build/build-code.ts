/**
 * The build's own code as one JavaScript module: site-build.ts, everything it imports and the
 * libraries they use, bundled by Rolldown once per version of the code and kept in
 * `.cache/build-code/`. From source, the build's thread resolves, reads and compiles about 110
 * TypeScript modules and 120 library files before it can load any content; from the bundle,
 * one file. Importing site-build.ts took 306-390 ms from source (with the compile cache),
 * 212-283 ms bundled with the libraries left in node_modules, and 162-174 ms bundled whole.
 *
 * The bundle is made when a build finds none for its code (about 0.5 s, once), and used by
 * every build after. A build never fails for it: where bundling fails or the bundle does not
 * load, the build loads the source and says why. HD_BUILD_FROM_SOURCE=1 loads the source
 * always, for stack traces that name the TypeScript files (the bundle keeps each module's code
 * under a comment naming its file).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { saveCacheEntry } from "./cache-entries.ts";
import { PROJECT_ROOT } from "./code-digest.ts";

type SiteBuild = typeof import("./site-build.ts");

/** Where the bundles are kept, one folder per version of the code. */
export const BUILD_CODE_CACHE_DIR = join(PROJECT_ROOT, ".cache", "build-code");
/** The current code and a couple of recent ones (a branch switch and back). */
const BUILD_CODE_ENTRIES = 3;
const ENTRY_FILE = "site-build.mjs";
const SOURCE_ENTRY = join(PROJECT_ROOT, "src", "build", "site-build.ts");

/**
 * Libraries left to Node: sharp is native, and Workbox and the bundlers are large and run in
 * processes of their own (service-worker-child.ts, bundles.ts).
 */
const LEFT_TO_NODE = ["sharp", "workbox-build", "vite", "rolldown", "@tailwindcss/vite"];
const BUILTINS = new Set(builtinModules);

/** Whether an import stays an import in the bundle (resolved by Node when the bundle runs). */
export function leftToNode(specifier: string): boolean {
  if (specifier.startsWith("node:") || BUILTINS.has(specifier)) return true;
  // Stylesheets reach the graph through browser code the build never runs (consent/browser.ts
  // imports its banner lazily): left as imports, they fail only if run, as from source.
  if (/\.css$/.test(specifier)) return true;
  return LEFT_TO_NODE.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/**
 * A module's `import.meta.url`, `.dirname` and `.filename` written out as its source file's, so
 * that paths it resolves against itself (children, workers, the project's folder) stay right
 * inside the bundle, which lives elsewhere.
 */
export function withOwnImportMeta(code: string, file: string): string {
  if (!code.includes("import.meta")) return code;
  return code
    .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(file).href))
    .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(dirname(file)))
    .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(file));
}

/** Bundles site-build.ts and what it imports into `outDir`, as ENTRY_FILE and its chunks. */
async function bundleBuildCode(outDir: string): Promise<void> {
  const { rolldown } = await import("rolldown");
  const source = `${join(PROJECT_ROOT, "src")}/`;
  const bundle = await rolldown({
    input: SOURCE_ENTRY,
    platform: "node",
    external: leftToNode,
    logLevel: "silent",
    plugins: [
      {
        name: "own-import-meta",
        transform(code, id) {
          return id.startsWith(source) ? withOwnImportMeta(code, id) : null;
        },
      },
    ],
  });
  try {
    await bundle.write({
      dir: outDir,
      format: "esm",
      entryFileNames: ENTRY_FILE,
      chunkFileNames: "[name]-[hash].mjs",
    });
  } finally {
    await bundle.close();
  }
}

/**
 * The bundle's key: the code (its digest, code-digest.ts), the Node that runs it, and the
 * project's folder, whose paths the bundle holds (withOwnImportMeta).
 */
export function buildCodeKey(digest: string): string {
  return createHash("sha256")
    .update(`${process.version}|${process.arch}|${PROJECT_ROOT}|${digest}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * site-build.ts, from its bundle for this code (`key`: buildCodeKey), made now when
 * there is none; from source when asked (HD_BUILD_FROM_SOURCE=1, or `fromSource`) or when
 * bundling failed.
 */
export async function loadSiteBuild(
  key: string,
  {
    fromSource = process.env.HD_BUILD_FROM_SOURCE === "1",
    cacheDir = BUILD_CODE_CACHE_DIR,
    warn = (line: string) => console.warn(line),
    bundle = bundleBuildCode,
  }: {
    fromSource?: boolean;
    cacheDir?: string;
    warn?: (line: string) => void;
    /** Writes the bundle into the folder given (tests inject a failure). */
    bundle?: (outDir: string) => Promise<void>;
  } = {},
): Promise<SiteBuild> {
  if (fromSource) return import("./site-build.ts");
  const entryDir = join(cacheDir, key);
  const entryFile = join(entryDir, ENTRY_FILE);
  if (!existsSync(entryFile)) {
    let failure: unknown;
    const saved = await saveCacheEntry(cacheDir, key, BUILD_CODE_ENTRIES, (dir) =>
      bundle(dir).catch((error: unknown) => {
        failure = error;
        throw error;
      }),
    );
    if (!saved) {
      warn(`Bundling the build's code failed, so it runs from source: ${messageOf(failure)}`);
      return import("./site-build.ts");
    }
  }
  try {
    return (await import(pathToFileURL(entryFile).href)) as SiteBuild;
  } catch (error) {
    // An entry that lost a chunk, or a bundle that does not run where the source does: this
    // build runs from source, and the next one bundles again.
    await rm(entryDir, { recursive: true, force: true });
    warn(`The bundled build code did not load, so it runs from source: ${messageOf(error)}`);
    return import("./site-build.ts");
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
