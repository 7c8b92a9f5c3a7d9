/** Types of compile-cache.mjs, which is plain JavaScript so that it loads before any TypeScript. */
export declare const COMPILE_CACHE_DIR: string;
