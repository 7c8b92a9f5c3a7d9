import type { Plugin } from "vite";

/** The virtual module Vite wraps every dynamic import() of the client build in. */
export const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/**
 * The helper's replacement: a lazily loaded chunk's own stylesheets (the consent banner's) are
 * linked and waited for, as Vite's helper does, so the chunk never renders unstyled; then the
 * import runs. A stylesheet that fails to load fails the import, as with Vite's helper. JS
 * dependencies never reach it: vite.config.ts lists none (`resolveDependencies: () => []`).
 */
function helperSource(base: string): string {
  return `const linked = new Map();
function linkStylesheet(href) {
  let loading = linked.get(href);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      link.addEventListener("load", () => resolve());
      link.addEventListener("error", () => reject(new Error("Unable to load the stylesheet " + href)));
      document.head.appendChild(link);
    });
    linked.set(href, loading);
  }
  return loading;
}
export const __vitePreload = (load, deps) => {
  const sheets = (deps || []).filter((dep) => dep.endsWith(".css"));
  if (sheets.length === 0) return load();
  return Promise.all(sheets.map((dep) => linkStylesheet(${JSON.stringify(base)} + dep))).then(load);
};
`;
}

/**
 * Replaces Vite's preload helper with a lean one.
 *
 * vite.config.ts has dynamic imports preload no JavaScript, yet Vite still routes each import()
 * through its helper (vitejs/vite#18551): ~0.6 KB brotli of modulepreload, CSP nonce and
 * error-event code in the runtime chunk, on every page's first load. What the site needs of it is
 * the stylesheet of a lazily loaded chunk; that is all the replacement does. Nothing here listens
 * for Vite's `vite:preloadError`: the page loader handles a failed import itself
 * (src/runtime/loader.ts) and the consent code reports one.
 */
export function noPreloadHelper(): Plugin {
  let base = "/";
  return {
    name: "harbor:no-preload-helper",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      base = config.base;
    },
    resolveId: (source) => (source === PRELOAD_HELPER_ID ? PRELOAD_HELPER_ID : null),
    load: (id) => (id === PRELOAD_HELPER_ID ? helperSource(base) : null),
  };
}
