/**
 * Node's compile cache for the build's own code (`module.enableCompileCache`), kept in
 * `.cache/compile/` with the other caches, and turned on by importing this module. Each thread
 * of a build otherwise strips the types of the same TypeScript files and compiles the same
 * JavaScript again, every build: 0.2-0.3 s of CPU on the build's own thread before it can load
 * any content, and more in each render worker. An entry is used only while its source is
 * unchanged, so it is never stale.
 *
 * Plain JavaScript on purpose, so that it can be loaded before any TypeScript is: the build's
 * commands preload it (`node --import ./src/build/compile-cache.mjs scripts/build.ts`), and the
 * render workers import it first (render-worker.mjs). A TypeScript entry loaded without it is
 * stripped of its types before it could turn the cache on, and the first file stripped loads
 * Node's TypeScript transformer: 0.2 s of an incremental rebuild's 2.7 s went there.
 */
import { enableCompileCache } from "node:module";
import { fileURLToPath } from "node:url";

export const COMPILE_CACHE_DIR = fileURLToPath(new URL("../../.cache/compile", import.meta.url));

// Preloaded and then imported by build-site.ts, it is still one module: this runs once a thread.
enableCompileCache(COMPILE_CACHE_DIR);
