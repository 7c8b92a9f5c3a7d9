/**
 * A prerender worker's entry (render-pool.ts): the worker itself (render-thread.ts) loaded
 * through Node's compile cache, which a module's static imports would load before.
 */
import { turnOnCompileCache } from "./compile-cache.ts";

turnOnCompileCache();
await import("./render-thread.ts");
