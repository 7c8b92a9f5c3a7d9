/**
 * Generates `/sw.js` with Workbox in a process of its own (service-worker.ts starts it).
 *
 * Workbox writes the unbundled worker into a folder it makes under the system's temporary
 * folder and never removes (workbox-build's bundle step, through `tempy`). Run here, with
 * TMPDIR set to a folder the parent made for this one generation, that folder goes with the
 * parent's: 8 KB were left in /tmp for every service worker generated in the build's process.
 *
 * argv[2]: `{"outDir": …, "compilationHash": …, "offlinePage": …}` as JSON.
 */
import { join } from "node:path";
import { generateSW } from "workbox-build";

const { outDir, compilationHash, offlinePage } = JSON.parse(process.argv[2] ?? "{}") as {
  outDir: string;
  compilationHash: string;
  offlinePage: string;
};

const version = `hd-${compilationHash}`;
await generateSW({
  swDest: join(outDir, "sw.js"),
  globDirectory: outDir,
  globPatterns: ["assets/**/*.{js,css,woff2,svg}", offlinePage.slice(1), "favicon.svg"],
  cacheId: version,
  cleanupOutdatedCaches: true,
  skipWaiting: true,
  clientsClaim: true,
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  // Hashed names already change with their content; Workbox needs no extra revision.
  dontCacheBustURLsMatching: /^assets\//,
  navigateFallback: null,
  runtimeCaching: [
    {
      // Workbox copies these functions into sw.js as source text: they may use only their
      // arguments and literals, no module variables.
      urlPattern: ({ url }) =>
        url.pathname === "/page-data/app-data.json" || url.pathname.startsWith("/api/"),
      handler: "NetworkOnly",
    },
    {
      urlPattern: ({ request }) => request.mode === "navigate",
      handler: "NetworkFirst",
      options: {
        cacheName: `${version}-pages`,
        networkTimeoutSeconds: 4,
        precacheFallback: { fallbackURL: offlinePage },
      },
    },
    {
      urlPattern: ({ url }) =>
        url.pathname.startsWith("/page-data/") || url.pathname.startsWith("/slice-data/"),
      handler: "StaleWhileRevalidate",
      options: { cacheName: `${version}-data` },
    },
  ],
});
