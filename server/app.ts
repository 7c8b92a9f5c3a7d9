/**
 * The whole site as one Web-standard fetch handler: the JSON API at `/api/*`, then the static
 * build output. Runs under @hono/node-server here (server/main.ts) and as-is wherever a
 * `(Request) => Response` function is accepted.
 */
import { Hono } from "hono";
import { createApi } from "./api.ts";
import { buildCspReader, mergeCsp } from "./build-csp.ts";
import { API_ERROR_BODY, API_NOT_FOUND_BODY, API_PREFIX } from "./constants.ts";
import { withFormResult } from "./form-result.ts";
import { type CspConfig, securityHeaders, withSecurityHeaders } from "./headers.ts";
import { createStaticSite } from "./static.ts";

export interface AppOptions {
  /** Folder holding the build output (`public/` by default in server/main.ts). */
  root: string;
  /** The API sub-app; defaults to createApi(). */
  api?: Hono;
  /** Extra CSP sources for third-party tags. */
  csp?: CspConfig;
  /** Log one line per request to stdout. */
  logRequests?: boolean;
}

function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

export function createApp(options: AppOptions): Hono {
  const site = createStaticSite(options.root);
  // The configured integrations' origins (from the build, as it last wrote them) plus any the
  // environment adds; the headers are made again only when the build's sources change.
  const buildCsp = buildCspReader(options.root);
  const headersFor = (build: CspConfig) => securityHeaders({ csp: mergeCsp(build, options.csp) });
  let made = { build: buildCsp(), headers: headersFor(buildCsp()) };
  const currentHeaders = () => {
    const build = buildCsp();
    if (build !== made.build) made = { build, headers: headersFor(build) };
    return made.headers;
  };
  const app = new Hono();

  if (options.logRequests) {
    app.use("*", async (c, next) => {
      const started = performance.now();
      await next();
      const ms = (performance.now() - started).toFixed(1);
      // Path only: query strings carry visitors' details (the reg/fn/ln prefill parameters).
      console.log(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${ms}ms`);
    });
  }

  app.use("*", async (c, next) => {
    await next();
    // Assigning c.res copies the response, so only do it when headers had to be copied.
    const secured = withSecurityHeaders(c.res, currentHeaders());
    if (secured !== c.res) c.res = secured;
  });

  // Hono answers HEAD by running the GET route and dropping its body, which loses the
  // length node-server would have computed from it; measure it here so HEAD matches GET.
  app.use("*", async (c, next) => {
    await next();
    if (c.req.method !== "HEAD" || !c.res.body || c.res.headers.has("Content-Length")) return;
    const { status } = c.res;
    const measured = new Headers(c.res.headers);
    measured.set("Content-Length", String((await c.res.arrayBuffer()).byteLength));
    c.res = new Response(null, { status, headers: measured });
  });

  app.route(API_PREFIX, options.api ?? createApi());
  app.all(API_PREFIX, (c) => c.json(API_NOT_FOUND_BODY, 404));
  app.all(`${API_PREFIX}/*`, (c) => c.json(API_NOT_FOUND_BODY, 404));

  app.all("*", (c) => withFormResult(c.req.raw, site.handle));

  app.onError(async (error, c) => {
    const { pathname } = new URL(c.req.url);
    console.error(`${c.req.method} ${pathname} failed:`, error);
    if (isApiPath(pathname)) return c.json(API_ERROR_BODY, 500);
    return site.serverError(c.req.raw);
  });

  return app;
}
