/**
 * What the build needs to know about templates: the page data each one reads and the paths
 * of the blog. The components themselves are loaded by name (src/site/components.ts).
 */
export type * from "./data.ts";
export * from "./paths.ts";
