/** What the build needs from the site wiring: how chunk names map to component files. */
export {
  type ComponentFolder,
  chunkNameFromGlobKey,
  componentChunkName,
  componentSourceFile,
} from "./component-names.ts";
export { DEFERRED_STYLESHEETS_ATTRIBUTE } from "./deferred-stylesheets.ts";
export { FIRST_LOAD_MODULES_ATTRIBUTE } from "./first-load-modules.ts";
export { PAGE_MODULE_ATTRIBUTE } from "./page-module.ts";
