/**
 * The site with its lead API, from the server's config: what the Node server (main.ts) and the
 * serverless function (function.ts) both serve. The lead API opens first (store migrated,
 * forms read): no lead is accepted that cannot be kept.
 */
import type { Hono } from "hono";
import { createApi } from "./api.ts";
import { createApp } from "./app.ts";
import type { ServerConfig } from "./config.ts";
import { type LeadApi, openLeadApi } from "./leads/http/setup.ts";

export async function openSiteApp(
  config: ServerConfig,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ app: Hono; leads: LeadApi }> {
  const leads = await openLeadApi(config.leads, env);
  // createApp builds the CSP at once, so a malformed CSP_* value stops the start here.
  const app = createApp({
    root: config.root,
    csp: config.csp,
    logRequests: config.logRequests,
    api: createApi({ leads: leads.deps }),
  });
  return { app, leads };
}
