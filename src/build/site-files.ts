import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { VIDEO_PLAYER_ORIGINS } from "../content/index.ts";
import { CSP_SOURCES_FILE, integrationCspSources } from "../integrations/index.ts";
import { createCompressedCache } from "./compressed-cache.ts";
import type { SiteContent } from "./content.ts";
import { escapeHtml } from "./document.ts";
import type { Route } from "./routes.ts";
import {
  type CompressionLevels,
  writeCompressedSiblings,
  writeOutputFile,
} from "./write-output.ts";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|xml|txt|webmanifest|html)$/;

/** sitemap.xml, robots.txt and the web app manifest, then compressed copies of built assets. */
export async function writeSiteFiles(options: {
  outDir: string;
  content: SiteContent;
  routes: Route[];
  /** Write `.br`/`.gz` copies of the built assets. */
  precompressAssets: boolean;
  /** Where compressed copies are kept between builds by content hash; none: compress every time. */
  compressCacheDir?: string;
}): Promise<void> {
  const { outDir, content, routes, precompressAssets } = options;
  const { siteUrl, productName } = content.settings;

  const urls = routes
    .filter((route) => route.inSitemap)
    .map(
      (route) =>
        `<url><loc>${escapeHtml(new URL(route.path, siteUrl).href)}</loc>${route.lastModified ? `<lastmod>${route.lastModified}</lastmod>` : ""}</url>`,
    );
  writeOutputFile(
    join(outDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>\n`,
  );
  writeOutputFile(
    join(outDir, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL("/sitemap.xml", siteUrl).href}\n`,
  );
  writeOutputFile(
    join(outDir, "manifest.webmanifest"),
    JSON.stringify(
      {
        name: productName,
        short_name: productName,
        start_url: "/",
        display: "minimal-ui",
        background_color: "#ffffff",
        theme_color: "#4176fa",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        ],
      },
      null,
      2,
    ),
  );

  // The server adds these origins to its CSP: only configured integrations get through, and
  // the players of the video sections pages have (framed once the visitor presses play).
  const sources = integrationCspSources(content.settings);
  const players = content.pages.flatMap((page) =>
    (page.frontMatter.sections ?? []).flatMap((section) =>
      section.type === "video" ? [VIDEO_PLAYER_ORIGINS[section.provider]] : [],
    ),
  );
  sources.frameSrc = [...new Set([...sources.frameSrc, ...players])];
  writeOutputFile(join(outDir, CSP_SOURCES_FILE), `${JSON.stringify(sources, null, 2)}\n`);

  // Vite's output and the static folder: compress once at the highest level, they are few
  // and every page shares them. Pages and the site files above are left to the server.
  if (!precompressAssets) return;
  const highest: CompressionLevels = { brotli: 11, gzip: 9 };
  const cache = options.compressCacheDir ? createCompressedCache(options.compressCacheDir) : null;
  const compress = cache?.compress ?? writeCompressedSiblings;
  const topLevel = (await readdir(outDir)).filter((name) => COMPRESSIBLE.test(name));
  const assets = (await readdir(join(outDir, "assets")).catch(() => [] as string[]))
    .filter((name) => COMPRESSIBLE.test(name))
    .map((name) => `assets/${name}`);
  for (const name of [...topLevel, ...assets]) {
    if (/^(index|404|500)\.html$|sitemap\.xml|robots\.txt|manifest\.webmanifest/.test(name))
      continue;
    if (name.endsWith(".json") && !name.startsWith("assets/")) continue;
    const file = join(outDir, name);
    compress(file, await readFile(file), highest);
  }
  await cache?.prune();
}
