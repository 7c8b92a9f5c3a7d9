import type { Plugin } from "vite";

/** The virtual module Vite wraps every dynamic import() of the client build in. */
const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/**
 * Replaces Vite's preload helper with a plain call of the import.
 *
 * vite.config.ts has dynamic imports preload nothing (`resolveDependencies: () => []`), yet Vite
 * still routes each import() through its helper (vitejs/vite#18551): ~0.6 KB brotli of link
 * insertion, CSS waiting and error-event code in the runtime chunk, on every page's first load,
 * for dependency lists that are always empty. What the helper would still do with an empty list
 * is dispatch `vite:preloadError` when an import fails; nothing here listens for it, and the
 * page loader handles a failed import itself (src/runtime/loader.ts).
 */
export function noPreloadHelper(): Plugin {
  return {
    name: "harbor:no-preload-helper",
    apply: "build",
    enforce: "pre",
    resolveId: (source) => (source === PRELOAD_HELPER_ID ? PRELOAD_HELPER_ID : null),
    load: (id) =>
      id === PRELOAD_HELPER_ID ? "export const __vitePreload = (load) => load();" : null,
  };
}
