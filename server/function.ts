/**
 * The API as a serverless function, for a static host serving `public/` with `/api/*` routed
 * to a function: `handle(request)` is a Web-standard `(Request) => Promise<Response>`, and the
 * default export `{ fetch }` is the same for runtimes that take an object. Each instance opens
 * the lead API on its first request, as the Node server does at start-up: form definitions
 * from FORMS_DIR, the store (migrated) and the rate limiter, all from the same environment
 * variables (README's table).
 *
 * Two things differ from the Node server:
 * - Leads need DATABASE_URL: a function's disk does not outlive it, so the embedded SQLite
 *   store would lose them. Without it every request answers 500 and the log says why.
 * - No delivery worker runs inside the function (it would be frozen between requests): run
 *   `npm run worker` on any machine that reaches the database. Leads wait in the outbox
 *   until it sends them, as they do while HubSpot is down.
 */
import type { Hono } from "hono";
import { readServerConfig } from "./config.ts";
import { API_ERROR_BODY } from "./constants.ts";
import type { LeadApi } from "./leads/http/setup.ts";
import { openSiteApp } from "./open-app.ts";

export interface FunctionHandler {
  handle(request: Request): Promise<Response>;
  /** Closes the store and the rate limiter (tests; a platform simply freezes the instance). */
  close(): Promise<void>;
}

export function createFunctionHandler(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): FunctionHandler {
  let opening: Promise<{ app: Hono; leads: LeadApi }> | null = null;
  const open = async () => {
    const config = readServerConfig(env, cwd);
    if (!config.leads.store.databaseUrl) {
      throw new Error(
        "DATABASE_URL is not set: a serverless function's disk does not outlive it, so leads need PostgreSQL",
      );
    }
    return openSiteApp({ ...config, leads: { ...config.leads, deliveryWorker: false } }, env);
  };
  return {
    async handle(request) {
      opening ??= open();
      const current = opening;
      let opened: Awaited<typeof current>;
      try {
        opened = await current;
      } catch (error) {
        // Not kept: the next request tries again (the database may be back). Only this
        // attempt is dropped, not one a later request has started meanwhile.
        if (opening === current) opening = null;
        console.error("The lead API could not start:", (error as Error).message);
        return Response.json(API_ERROR_BODY, { status: 500 });
      }
      return opened.app.fetch(request);
    },
    async close() {
      const current = opening;
      opening = null;
      if (current) await (await current.catch(() => null))?.leads.close();
    },
  };
}

const instance = createFunctionHandler();

/** The function: `export { handle as default } from "…/server/function.ts"` where a platform wants one. */
export const handle = (request: Request): Promise<Response> => instance.handle(request);

export default { fetch: handle };
