import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import {
  type AppData,
  findRedirect,
  GONE_STATUS,
  NOT_FOUND_PAGE_PATH,
  pageDataSlug,
  parseProtocolUrl,
  type RedirectRule,
  resolvePagePath,
  type StaticQueryResult,
} from "../protocol/index.ts";
import { loadContent } from "./content.ts";
import type { PageAssets } from "./document.ts";
import { redirectRules, siteRedirects } from "./redirects.ts";
import {
  type AssembledPage,
  assemblePage,
  type PageInputs,
  routePageData,
  type ServerBundle,
} from "./render-route.ts";
import { buildRoutes, type Route } from "./routes.ts";
import { pageInputsFor } from "./shared-data.ts";
import { CLIENT_ENTRY, CLIENT_START } from "./vite-manifest.ts";

const DEV_HASH = "development";
/** Vite serves the entry's source and injects CSS itself: nothing to preload. */
const DEV_ASSETS: PageAssets = {
  entry: `/${CLIENT_ENTRY}`,
  css: [],
  // Vite serves the start module's imports itself.
  preload: [`/${CLIENT_START}`],
};
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
    import("../images/node.ts"),
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

/** The site as the dev server sees it on one request: current routes and their page inputs. */
export interface DevSite {
  routes: Route[];
  /** content/redirects.json as the build writes it; absent means none. */
  redirects?: RedirectRule[];
  inputs: PageInputs;
  /** The build's page assembly (`assemblePage`) with the dev server's assets and bundle. */
  assemble(route: Route): AssembledPage;
}

export interface DevAnswer {
  status: number;
  type: string;
  body: string;
  /** A redirect's target. */
  location?: string;
}

const JSON_TYPE = "application/json";
const HTML_TYPE = "text/html; charset=utf-8";
const json = (value: unknown, status = 200): DevAnswer => ({
  status,
  type: JSON_TYPE,
  body: JSON.stringify(value),
});

/**
 * Answers a GET for a protocol file or a page the way the built site is served: the page a
 * URL shows is resolved with the protocol's match-path ranking, exactly as the client's
 * loader and the server resolve it. `undefined` leaves the request to Vite.
 */
export function answerDevRequest(
  site: DevSite,
  pathname: string,
  acceptsHtml: boolean,
): DevAnswer | undefined {
  const { inputs } = site;
  const request = parseProtocolUrl(pathname);
  if (request?.kind === "app-data") {
    return json({ compilationHash: inputs.compilationHash } satisfies AppData);
  }
  if (request?.kind === "static-query") {
    if (!(request.hash in inputs.staticQueryResults)) return undefined;
    return json({ data: inputs.staticQueryResults[request.hash] } satisfies StaticQueryResult);
  }
  if (request?.kind === "slice") {
    const slice = inputs.slices[request.name];
    return slice ? json(slice) : undefined;
  }
  const target = requestedRoute(site, pathname, acceptsHtml);
  if (request?.kind === "page-data") {
    return target ? json(routePageData(target.route, inputs)) : json({}, 404);
  }
  // Redirects answer before pages, as the server does for paths without a file.
  const redirect = request ? undefined : findRedirect(pathname, site.redirects ?? []);
  if (redirect?.to) {
    return { status: redirect.status, type: HTML_TYPE, body: "", location: redirect.to };
  }
  if (!target) return undefined;
  return {
    status: redirect ? GONE_STATUS : target.found ? 200 : 404,
    type: HTML_TYPE,
    body: site.assemble(target.route).html,
  };
}

/**
 * The route a page-data or page request is about (`found: false` for the 404 page shown in
 * place of a missing one), or undefined for anything else.
 */
export function requestedRoute(
  site: Pick<DevSite, "routes" | "inputs">,
  pathname: string,
  acceptsHtml: boolean,
): { route: Route; found: boolean } | undefined {
  const { routes, inputs } = site;
  const request = parseProtocolUrl(pathname);
  if (request?.kind === "page-data") {
    const route = routes.find((candidate) => pageDataSlug(candidate.path) === request.slug);
    return route ? { route, found: true } : undefined;
  }
  if (request || !acceptsHtml) return undefined;
  const path = resolvePagePath(pathname, inputs.matchPaths);
  const found = routes.find((route) => route.path === path);
  const route = found ?? routes.find((candidate) => candidate.path === NOT_FOUND_PAGE_PATH);
  return route ? { route, found: Boolean(found) } : undefined;
}

/** Answers the request with no caching: every reload must show the current content. */
function send(res: ServerResponse, answer: DevAnswer): void {
  res.statusCode = answer.status;
  res.setHeader("Content-Type", answer.type);
  res.setHeader("Cache-Control", "no-store");
  if (answer.location) res.setHeader("Location", answer.location);
  res.end(answer.body);
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
              send(res, {
                status: 500,
                type: "text/plain; charset=utf-8",
                body: String((error as Error).stack ?? error),
              });
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
  const image = /^\/assets\/img\/([\w.-]+)\.(avif|webp|jpg|png)$/.exec(url.pathname);
  if (image) {
    const body = await readFile(join(DEV_IMAGE_OUT, "assets/img", `${image[1]}.${image[2]}`));
    res.setHeader("Content-Type", IMAGE_TYPES[image[2] as string] as string);
    res.end(body);
    return true;
  }
  const content = await loadContent(contentDir);
  const routes = buildRoutes(content);
  const inputs = pageInputsFor(content, routes, DEV_HASH);
  const bundle = (await server.ssrLoadModule("/src/site/entry-server.tsx")) as ServerBundle;
  const site: DevSite = {
    routes,
    redirects: redirectRules(siteRedirects(content)),
    inputs,
    assemble: (route) => assemblePage(route, inputs, DEV_ASSETS, bundle),
  };
  const acceptsHtml = (req.headers.accept ?? "").includes("text/html");
  const target = requestedRoute(site, url.pathname, acceptsHtml);
  if (target) await resolveDevImages(contentDir, target.route);
  const answer = answerDevRequest(site, url.pathname, acceptsHtml);
  if (!answer) return false;
  if (answer.type === HTML_TYPE && !answer.location) {
    answer.body = await server.transformIndexHtml(url.pathname, answer.body);
  }
  send(res, answer);
  return true;
}
