/**
 * The whole build (site-build.ts), its code loaded through Node's compile cache
 * (compile-cache.ts): a module's static imports load before its body runs, so the cache is
 * turned on here and the build's code imported after.
 */
import { turnOnCompileCache } from "./compile-cache.ts";

turnOnCompileCache();
const site = await import("./site-build.ts");

export type { BuildOptions, BuildReport } from "./site-build.ts";
export const { buildSite, buildCacheDirOf } = site;
