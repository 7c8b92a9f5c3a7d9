/**
 * A prerender worker's entry (render-pool.ts): turns on Node's compile cache
 * (compile-cache.mjs, on import), then loads the worker itself (render-thread.ts) through it,
 * so the TypeScript files it loads come already stripped of their types.
 */
import "./compile-cache.mjs";

await import("./render-thread.ts");
