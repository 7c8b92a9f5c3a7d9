import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { harborDevServer } from "./src/build/dev-server.ts";

/** Where the build writes the site; tests and benchmarks build into their own folders. */
const outDir = process.env.HD_OUT_DIR ?? "public";

export default defineConfig({
  plugins: [react(), tailwindcss(), harborDevServer()],
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
    modulePreload: {
      resolveDependencies: (_filename, deps) => {
        return deps.filter((dep) => !/assets\/(react|runtime)-/.test(dep));
      },
    },
    rollupOptions: {
      input: { client: "src/site/entry-client.tsx" },
      // Client code reaches src/content and the tools through their index.ts for types and
      // pure helpers; the zod schemas declared beside them must not ride along. A schema.ts
      // only declares values, so nothing is lost when its unused exports are dropped.
      treeshake: {
        // Section components only declare components too: a template that places a
        // page's body through src/sections/index.ts must not carry the sections it never
        // renders on the client (static-region.tsx adopts the prerendered markup instead).
        moduleSideEffects: (id: string) =>
          /[\\/]src[\\/].*[\\/](?:section-)?schema\.ts$/.test(id) ||
          /[\\/]src[\\/](?:sections|ui)[\\/]/.test(id)
            ? false
            : undefined,
      },
      output: {
        // React changes far less often than the site: its own chunk stays cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Every page loads the engine and the shell: one chunk compresses better than the
            // many small ones the folders' index.ts files would otherwise split it into.
            {
              name: "runtime",
              tags: ["$initial"],
              test: /[\\/]src[\\/](runtime|protocol|lib|content|ui|shell)[\\/]/,
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
