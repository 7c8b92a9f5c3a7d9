import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { harborDevServer } from "./src/build/dev-server.ts";
import { noPreloadHelper, PRELOAD_HELPER_ID } from "./src/build/no-preload-helper.ts";

/**
 * Modules of the shared folders that only some pages use. The folders' index.ts files re-export
 * them, so the shell's imports reach them and the "runtime" group below would carry them onto
 * every page: the site's number formatters serve the calculator, the date formatter the blog,
 * the interview signals the interview pages. Each gets its own chunk, loaded by the pages that
 * import it. They are free of side effects (Intl formatters and components), and saying so lets
 * the runtime chunk drop its import of them.
 */
const PAGE_ONLY_MODULES = [
  /[\\/]src[\\/]lib[\\/]format\.ts$/,
  /[\\/]src[\\/]lib[\\/]format-date\.ts$/,
  /[\\/]src[\\/]ui[\\/]interview-signals\.tsx$/,
];
const isPageOnly = (id: string) => PAGE_ONLY_MODULES.some((pattern) => pattern.test(id));

/**
 * Modules of the runtime's folders that no page runs before it hydrates: icons for pages and
 * sections, the icon names, the video players' hosts, the <button> component and the
 * link-styled buttons and links (the header, the footer's islands and the pages' components
 * use them, all loaded after hydration), and the match-path ranking (the client engine's
 * loader resolves sub-paths with it). Left out of the "runtime" group, they land in the chunks
 * that use them, or in small shared chunks of their own, instead of on every page's first load
 * (7.88 KB brotli beyond React before the links, buttons, video hosts and match paths left it,
 * 6.88 KB after; bench/budgets.json).
 */
const NOT_FIRST_LOAD_MODULES =
  /[\\/]src[\\/](?:ui[\\/](?:glyphs|button-element|button)\.tsx|content[\\/](?:icon-names|video-players)\.ts|shell[\\/](?:button-link|smart-link)\.tsx|runtime[\\/]link\.tsx|protocol[\\/]match-paths\.ts)$/;

/** Where the build writes the site; tests and benchmarks build into their own folders. */
const outDir = process.env.HD_OUT_DIR ?? "public";

export default defineConfig({
  plugins: [react(), tailwindcss(), harborDevServer(), noPreloadHelper()],
  server: { port: Number(process.env.PORT ?? 5173) },
  // Pages come from the dev-server plugin, not an index.html: no SPA fallback rewriting URLs.
  appType: "custom",
  // public/ is our build output, so Vite's copy-as-is folder is static/.
  publicDir: "static",
  build: {
    outDir,
    emptyOutDir: true,
    manifest: "vite-manifest.json",
    assetsDir: "assets",
    sourcemap: false,
    // HD_NO_MINIFY=1: readable function names in profiles and traces (performance work only).
    minify: process.env.HD_NO_MINIFY ? false : undefined,
    // Dynamic imports preload nothing: the list of every template's dependencies (hashed file
    // names, ~300 B brotli) would ride in every page's first load. The cost is a short
    // waterfall on a client-side navigation, which link prefetching (src/runtime/prefetch.ts)
    // hides by importing the page's chunk, and with it its dependencies, before the click.
    // First visits are unaffected: the build lists each page's chunks on its entry script.
    // (Vite still wraps each import() in its preload helper, vitejs/vite#18551, which
    // src/build/no-preload-helper.ts replaces with one that only links a chunk's stylesheet.)
    modulePreload: { resolveDependencies: () => [] },
    rollupOptions: {
      // The entry imports "start" after the first paint (src/site/first-load-modules.ts).
      // Declaring it an entry too keeps its static imports "initial", so the runtime group
      // below still gathers what every page runs into one chunk.
      input: { client: "src/site/entry-client.tsx", start: "src/site/start-client.tsx" },
      // Client code reaches src/content and the tools through their index.ts for types and
      // pure helpers; the zod schemas declared beside them must not ride along. A schema.ts
      // only declares values, so nothing is lost when its unused exports are dropped.
      treeshake: {
        // Section components only declare components too: a template that places a
        // page's body through src/sections/index.ts must not carry the sections it never
        // renders on the client (static-region.tsx adopts the prerendered markup instead).
        // And the server bundle, which keeps React external, kept a bare `import
        // "react-dom/client"` where only hydrateRoot (the browser's) was taken from it: each
        // render thread loaded the client renderer (625 KB) for nothing, and Node's CommonJS
        // lexer read its development build (1.2 MB) too.
        moduleSideEffects: (id: string, external: boolean) =>
          (external && id === "react-dom/client") ||
          /[\\/]src[\\/].*[\\/](?:section-)?schema\.ts$/.test(id) ||
          /[\\/]src[\\/](?:sections|ui)[\\/]/.test(id) ||
          isPageOnly(id) ||
          NOT_FIRST_LOAD_MODULES.test(id)
            ? false
            : undefined,
      },
      output: {
        // React changes far less often than the site: its own chunk stays cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Declared before "runtime", which then leaves these modules alone (see above).
            {
              debugName: "page-only",
              name: (id: string) => /([^\\/]+)\.tsx?$/.exec(id)?.[1] ?? "page-only",
              test: isPageOnly,
            },
            // Every page loads the engine and the shell: one chunk compresses better than the
            // many small ones the folders' index.ts files would otherwise split it into.
            // Only the modules the test names: with their dependencies taken along (rolldown's
            // default), a folder's index.ts brought every module it re-exports, those of the
            // list above too. Vite's preload helper, which the first load's dynamic imports
            // call, is named here for the same reason: it came along as a dependency before.
            {
              name: "runtime",
              tags: ["$initial"],
              includeDependenciesRecursively: false,
              test: (id: string) =>
                (/[\\/]src[\\/](runtime|protocol|lib|content|ui|shell)[\\/]/.test(id) &&
                  !NOT_FIRST_LOAD_MODULES.test(id)) ||
                id === PRELOAD_HELPER_ID,
            },
            {
              name: "ui",
              test: /[\\/]src[\\/]ui[\\/](container|heading)\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
