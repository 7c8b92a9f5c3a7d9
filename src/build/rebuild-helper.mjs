/**
 * The rebuild helper's entry (rebuild-helper.ts): turns on Node's compile cache
 * (compile-cache.mjs, on import), then loads the helper itself through it.
 */
import "./compile-cache.mjs";

await import("./rebuild-helper-thread.ts");
