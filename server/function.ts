/**
 * The API as a serverless function, for a static host serving `public/` with `/api/*` routed
 * to a function: `handle(request)` is a Web-standard `(Request) => Promise<Response>`, and the
 * default export `{ fetch }` is the same for runtimes that take an object. Each instance opens
 * the lead API on its first request, as the Node server does at start-up: form definitions
 * from FORMS_DIR, the store (migrated) and the rate limiter, all from the same environment
 * variables (README's table).
 *
 * Three things differ from the Node server:
 * - Leads need DATABASE_URL: a function's disk does not outlive it, so the embedded SQLite
 *   store would lose them. Without it every request answers 500 and the log says why.
 * - A function has no socket, so the caller's IP comes from the platform: CLIENT_IP_HEADER names
 *   the header the platform writes it in (`x-real-ip` on Vercel, `x-nf-client-connection-ip` on
 *   Netlify, `cf-connecting-ip` behind Cloudflare), or TRUST_PROXY reads X-Forwarded-For where
 *   the platform appends to it. With neither, while requests are rate-limited, every request
 *   answers 500 and the log says why (clientIpHeader).
 * - No delivery worker runs inside the function (it would be frozen between requests): run
 *   `npm run worker` on any machine that reaches the database. Leads wait in the outbox
 *   until it sends them, as they do while HubSpot is down.
 */
import type { Hono } from "hono";
import { type LeadsConfig, readServerConfig } from "./config.ts";
import { API_ERROR_BODY } from "./constants.ts";
import { clientIp } from "./leads/http/client-ip.ts";
import type { PeerEnv } from "./leads/http/request-info.ts";
import type { LeadApi } from "./leads/http/setup.ts";
import { openSiteApp } from "./open-app.ts";

export interface FunctionHandler {
  handle(request: Request): Promise<Response>;
  /** Closes the store and the rate limiter (tests; a platform simply freezes the instance). */
  close(): Promise<void>;
}

/** A header name as RFC 9110 spells one (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;

/**
 * CLIENT_IP_HEADER, lower-cased, or null when unset; throws, refusing the start, when the
 * function could not tell callers apart. Without that header and without TRUST_PROXY, no
 * request carries an IP the API may use: every caller would be "unknown" and spend one shared
 * budget, so 21 submissions a minute from anywhere would refuse every visitor. With
 * RATE_LIMIT_PER_MINUTE=0 (a platform that limits requests itself) no budget is shared.
 */
export function clientIpHeader(
  env: Readonly<Record<string, string | undefined>>,
  leads: Pick<LeadsConfig, "trustProxyHops" | "rateLimitPerMinute">,
): string | null {
  const value = env.CLIENT_IP_HEADER?.trim() ?? "";
  if (value !== "" && !HEADER_NAME.test(value)) {
    throw new Error(`CLIENT_IP_HEADER must be a header name, got ${JSON.stringify(value)}`);
  }
  const header = value === "" ? null : value.toLowerCase();
  if (header === "x-forwarded-for") {
    // Its first entries are whatever the client wrote: which entry to believe is TRUST_PROXY's.
    throw new Error(
      "CLIENT_IP_HEADER cannot be X-Forwarded-For, whose entries the client can write: set TRUST_PROXY to the number of proxies that append to it",
    );
  }
  if (header === null && leads.trustProxyHops === 0 && leads.rateLimitPerMinute > 0) {
    throw new Error(
      "Neither CLIENT_IP_HEADER nor TRUST_PROXY is set: a serverless function has no socket to take the caller's IP from, so every visitor would share one rate-limit budget. Set CLIENT_IP_HEADER to the header the platform writes the caller's IP in (x-real-ip on Vercel, x-nf-client-connection-ip on Netlify), or TRUST_PROXY=1 where it appends the caller to X-Forwarded-For, or RATE_LIMIT_PER_MINUTE=0 where it limits requests itself",
    );
  }
  return header;
}

export function createFunctionHandler(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): FunctionHandler {
  let opening: Promise<{ app: Hono; leads: LeadApi; ipHeader: string | null }> | null = null;
  const open = async () => {
    const config = readServerConfig(env, cwd);
    if (!config.leads.store.databaseUrl) {
      throw new Error(
        "DATABASE_URL is not set: a serverless function's disk does not outlive it, so leads need PostgreSQL",
      );
    }
    const ipHeader = clientIpHeader(env, config.leads);
    const site = await openSiteApp(
      { ...config, leads: { ...config.leads, deliveryWorker: false } },
      env,
    );
    return { ...site, ipHeader };
  };
  // Told once per instance: a configured source that yields no IP puts callers in one budget.
  let toldNoIp = false;
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
      const peer: PeerEnv = {
        peerAddress: opened.ipHeader ? request.headers.get(opened.ipHeader) : null,
      };
      const { settings, log } = opened.leads.deps;
      if (!toldNoIp && (opened.ipHeader || settings.trustProxyHops > 0)) {
        const ip = clientIp({
          socketAddress: peer.peerAddress,
          forwardedFor: request.headers.get("x-forwarded-for"),
          trustProxyHops: settings.trustProxyHops,
        });
        if (ip === null) {
          // Still answered: callers without an IP share one budget rather than none at all.
          toldNoIp = true;
          log("function.no_client_ip", {
            source: opened.ipHeader ? "CLIENT_IP_HEADER" : "TRUST_PROXY",
          });
        }
      }
      return opened.app.fetch(request, peer);
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
