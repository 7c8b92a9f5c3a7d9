/**
 * The JSON API, mounted by createApp at `/api`. Routes are registered on the returned app;
 * createApp answers any `/api/*` path none of them handles with a JSON 404.
 */
import { type Context, Hono } from "hono";
import { API_NOT_FOUND_BODY, CACHE_NO_STORE } from "./constants.ts";
import type { LeadApiDeps } from "./leads/http/deps.ts";
import { callerIp } from "./leads/http/request-info.ts";
import { registerLeadRoutes } from "./leads/http/routes.ts";
import { registerVitalsRoute, type VitalsStore } from "./vitals/index.ts";

export interface ApiOptions {
  /** The lead API (submitForm, uploadFile, files, ip, and a health check that asks the store). */
  leads?: LeadApiDeps;
  /** Where `POST /api/vitals` stores beacons; defaults to the lead API's store. Neither: no route. */
  vitalsStore?: VitalsStore;
}

export function createApi(options: ApiOptions = {}): Hono {
  const api = new Hono();

  // API answers are per-request facts; a route that wants caching sets its own header.
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", CACHE_NO_STORE);
  });

  if (options.leads) registerLeadRoutes(api, options.leads);
  else api.get("/health", (c) => c.json({ ok: true }));

  const vitalsStore = options.vitalsStore ?? options.leads?.store;
  if (vitalsStore) {
    const leads = options.leads;
    registerVitalsRoute(api, vitalsStore, {
      ...(leads?.now ? { now: leads.now } : {}),
      // Beacons share the lead API's per-IP limit (RATE_LIMIT_PER_MINUTE) in their own bucket,
      // so a flood of them can neither fill the store nor spend a visitor's form budget.
      ...(leads
        ? {
            consumeBudget: (c: Context) =>
              leads.rateLimiter.consume(
                `vitals:${callerIp(c, leads.settings.trustProxyHops) ?? "unknown"}`,
              ),
          }
        : {}),
    });
  }

  // Used only when the API runs on its own; mounted, createApp's `/api/*` fallback answers.
  api.notFound((c) => c.json(API_NOT_FOUND_BODY, 404));

  return api;
}
