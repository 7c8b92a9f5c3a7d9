/**
 * A prerender worker's entry (render-pool.ts): turns on Node's compile cache
 * (compile-cache.ts), then loads the worker itself (render-thread.ts) through it.
 *
 * Plain JavaScript on purpose: a TypeScript entry is stripped of its types before it can turn
 * the cache on, and stripping even five lines loads Node's TypeScript transformer, about 0.15 s
 * of the worker's CPU before it could render anything. Through the cache, the TypeScript files
 * after it come already stripped.
 */
import { enableCompileCache } from "node:module";
import { workerData } from "node:worker_threads";

enableCompileCache(workerData.compileCacheDir);
await import("./render-thread.ts");
