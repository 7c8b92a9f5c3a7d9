import { defineConfig } from "vite";

/**
 * Builds the standalone attribution script, `attribution.js`, for the app's sign-up and login
 * pages: one minified IIFE that defines `window.HarborAttribution`. It writes into the site's
 * output folder without emptying it, so run it after the site build.
 */
export default defineConfig({
  // The site's static/ folder belongs to the site build, not to this script.
  publicDir: false,
  build: {
    outDir: process.env.HD_OUT_DIR ?? "public",
    emptyOutDir: false,
    minify: true,
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: "src/attribution/standalone.ts",
      name: "HarborAttribution",
      formats: ["iife"],
      fileName: () => "attribution.js",
    },
  },
});
