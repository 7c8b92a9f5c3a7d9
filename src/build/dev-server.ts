import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { serializeBootstrapData } from "../runtime/bootstrap-data.ts";
import { resolvePagePath } from "../runtime/page-path.ts";
import { APP_DATA_URL, pageDataSlug } from "../runtime/paths.ts";
import type { BootstrapData } from "../runtime/types.ts";
import { loadContent } from "./content.ts";
import { renderDocument } from "./document.ts";
import { renderMarkdown } from "./markdown.ts";
import type { ServerBundle } from "./render-route.ts";
import { buildRoutes, type Route } from "./routes.ts";
import { matchPathsOf, pageDataFor, sliceData, staticQueryResults } from "./shared-data.ts";
import { CLIENT_ENTRY } from "./vite-manifest.ts";

const DEV_HASH = "development";
/** Where the dev server keeps the local image variants it serves under /assets/img/. */
const DEV_IMAGE_OUT = resolve(import.meta.dirname, "../../.cache/dev-public");
const IMAGE_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/** Resolves the route's content images as the build does (sharp is loaded only when needed). */
async function resolveDevImages(contentDir: string, route: Route): Promise<void> {
  const [{ createImagePipeline }, { resolveRouteImages }] = await Promise.all([
    import("../images/build/pipeline.ts"),
    import("./images.ts"),
  ]);
  const domain = process.env.IMAGE_DOMAIN || undefined;
  const pipeline = createImagePipeline({
    imagesDir: join(contentDir, "images"),
    outDir: DEV_IMAGE_OUT,
    cacheDir: resolve(import.meta.dirname, "../../.cache/images"),
    ...(domain ? { domain } : {}),
  });
  await resolveRouteImages([route], pipeline, {
    siteName: "",
    siteUrl: "http://localhost",
    ogImages: false,
  });
}

/** Answers the request; returns true so handlers can `return send(…)`. */
function send(res: ServerResponse, status: number, type: string, body: string): true {
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", "no-store");
  res.end(body);
  return true;
}

/** The route a URL shows, resolved exactly as the client's loader resolves it (match paths included). */
function findRoute(routes: Route[], pathname: string): Route | undefined {
  const path = resolvePagePath(pathname, matchPathsOf(routes));
  return routes.find((route) => route.path === path);
}

/**
 * `npm run dev`: Vite's dev server plus the site's pages and page data rendered on request
 * from the current content, so edits to content/ or src/ show on reload without a build.
 */
export function harborDevServer(options: { contentDir?: string } = {}): Plugin {
  return {
    name: "harbor-desk-dev-server",
    apply: "serve",
    configureServer(server: ViteDevServer) {
      const contentDir = resolve(server.config.root, options.contentDir ?? "content");
      // Runs after Vite's own middleware, so modules, assets and HMR are Vite's.
      return () => {
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
          handle(server, contentDir, req, res).then(
            (handled) => {
              if (!handled) next();
            },
            (error: unknown) => {
              server.ssrFixStacktrace(error as Error);
              send(res, 500, "text/plain; charset=utf-8", String((error as Error).stack ?? error));
            },
          );
        });
      };
    },
  };
}

async function handle(
  server: ViteDevServer,
  contentDir: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = new URL(req.url ?? "/", "http://localhost");
  const content = await loadContent(contentDir);
  const routes = buildRoutes(content);
  const queries = staticQueryResults(content);
  const slices = sliceData();
  const bundle = (await server.ssrLoadModule("/src/site/entry-server.tsx")) as ServerBundle;
  const pageData = (route: Route) =>
    pageDataFor(route, {
      compilationHash: DEV_HASH,
      staticQueryHashes: Object.keys(queries),
      renderMarkdown,
    });
  const json = (value: unknown): true => send(res, 200, "application/json", JSON.stringify(value));

  if (url.pathname === APP_DATA_URL) return json({ compilationHash: DEV_HASH });
  const image = /^\/assets\/img\/([\w.-]+)\.(avif|webp|jpg|png)$/.exec(url.pathname);
  if (image) {
    const body = await readFile(join(DEV_IMAGE_OUT, "assets/img", `${image[1]}.${image[2]}`));
    res.setHeader("Content-Type", IMAGE_TYPES[image[2] as string] as string);
    res.end(body);
    return true;
  }
  const query = /^\/page-data\/sq\/d\/(\d+)\.json$/.exec(url.pathname);
  if (query) {
    const hash = query[1] as string;
    if (!(hash in queries)) return false;
    return json({ data: queries[hash] });
  }
  const slice = /^\/slice-data\/([a-z-]+)\.json$/.exec(url.pathname);
  if (slice) {
    const data = slices[slice[1] as string];
    return data ? json(data) : false;
  }
  const pageDataRequest = /^\/page-data\/(.+)\/page-data\.json$/.exec(url.pathname);
  if (pageDataRequest) {
    const slug = pageDataRequest[1] as string;
    const route = routes.find((candidate) => pageDataSlug(candidate.path) === slug);
    if (!route) return send(res, 404, "application/json", "{}");
    await resolveDevImages(contentDir, route);
    return json(pageData(route));
  }

  const accept = req.headers.accept ?? "";
  if (!accept.includes("text/html")) return false;
  const found = findRoute(routes, url.pathname);
  const route = found ?? routes.find((candidate) => candidate.path === "/404.html");
  if (!route) return false;
  await resolveDevImages(contentDir, route);
  const data = pageData(route);
  const bootstrap: BootstrapData = {
    compilationHash: DEV_HASH,
    pageData: data,
    staticQueryResults: queries,
    slices,
    matchPaths: matchPathsOf(routes),
  };
  const html = renderDocument({
    head: route.head,
    settings: { siteName: content.settings.productName, siteUrl: content.settings.siteUrl },
    assets: { entry: `/${CLIENT_ENTRY}`, css: [], preload: [] },
    appHtml: bundle.renderPageHtml(data, queries),
    bootstrapJson: serializeBootstrapData(bootstrap),
  });
  const transformed = await server.transformIndexHtml(url.pathname, html);
  return send(res, found ? 200 : 404, "text/html; charset=utf-8", transformed);
}
