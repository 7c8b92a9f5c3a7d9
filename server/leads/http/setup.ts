/**
 * Everything the lead API needs at start-up, from the server's config: the form definitions,
 * the store (migrated), the rate limiter and, unless DELIVERY_WORKER=0, the delivery worker in
 * this same process. `close()` stops them in the order that loses nothing: the worker finishes
 * and records its in-flight sends before the store closes.
 */
import { readFormDefinitions } from "../../../src/forms/node.ts";
import type { LeadsConfig } from "../../config.ts";
import {
  type DeliveryWorker,
  deliveryConfig,
  deliveryConfigFromEnv,
  startDeliveryWorker,
} from "../delivery/index.ts";
import { siteAddress } from "../site-address.ts";
import { openLeadStore } from "../store/index.ts";
import type { LeadApiDeps } from "./deps.ts";
import { jsonLogger, type LeadLogger } from "./log.ts";
import { createRateLimiter, redactUrl } from "./rate-limit.ts";

/** A store call slower than this answers 503; the visitor's retry (same submissionId) is safe. */
export const STORE_TIMEOUT_MS = 10_000;
/** How long start-up waits for Redis before serving with in-memory limits meanwhile. */
const REDIS_READY_MS = 3_000;

export interface LeadApi {
  deps: LeadApiDeps;
  worker: DeliveryWorker | null;
  close(): Promise<void>;
}

export async function openLeadApi(
  config: LeadsConfig,
  env: Readonly<Record<string, string | undefined>>,
  log: LeadLogger = jsonLogger(),
): Promise<LeadApi> {
  const forms = await readFormDefinitions(config.formsDir);
  const store = await openLeadStore(config.store);
  const rateLimiter = createRateLimiter({
    perMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
    onBackendError: (error) =>
      log("ratelimit.backend_error", { backend: "redis", error: error.name }),
  });
  if (config.redisUrl) {
    await rateLimiter.ready(REDIS_READY_MS).catch(() => {
      log("ratelimit.redis_unreachable", { url: redactUrl(config.redisUrl as string) });
    });
  }
  const delivery = deliveryConfigFromEnv(env);
  const worker = config.deliveryWorker
    ? startDeliveryWorker({
        store,
        forms,
        config: deliveryConfig({
          ...delivery,
          publicBaseUrl: await siteAddress(delivery.publicBaseUrl, config.formsDir),
          apiBase: config.hubspot.apiBase,
          portalId: config.hubspot.portalId,
          accessToken: config.hubspot.accessToken,
          maxPer10s: config.hubspot.maxPer10s,
        }),
        name: "api",
      })
    : null;
  log("leads.ready", {
    engine: store.engine,
    forms: forms.size,
    rateLimit: rateLimiter.backend,
    delivery: worker
      ? worker.enabled
        ? "on"
        : "held (no HUBSPOT_PORTAL_ID)"
      : "off (DELIVERY_WORKER=0)",
  });
  return {
    deps: {
      store,
      forms,
      rateLimiter,
      log,
      settings: {
        trustProxyHops: config.trustProxyHops,
        uploadMaxBytes: config.uploadMaxBytes,
        allowedOrigins: config.allowedOrigins,
        crmConfigured: config.hubspot.portalId !== null,
        storeTimeoutMs: STORE_TIMEOUT_MS,
      },
    },
    worker,
    async close() {
      await worker?.stop();
      await rateLimiter.close();
      await store.close();
    },
  };
}
