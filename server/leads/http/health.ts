/**
 * GET /api/health: the process answers (liveness), the store answers (a round trip), and how the
 * outbox is doing — how many leads wait for the CRM and how long the oldest has waited. 503 when
 * the store cannot be reached, so a load balancer stops sending leads to this instance.
 */
import type { Context } from "hono";
import type { LeadApiDeps } from "./deps.ts";
import { errorKind } from "./log.ts";
import { withTimeout } from "./timeout.ts";

export function healthHandler(deps: LeadApiDeps) {
  const now = deps.now ?? (() => new Date());
  return async (c: Context): Promise<Response> => {
    const engine = deps.store.engine;
    try {
      await withTimeout(deps.store.ping(), deps.settings.storeTimeoutMs);
      const at = now();
      const stats = await withTimeout(deps.store.stats(at), deps.settings.storeTimeoutMs);
      return c.json({
        ok: true,
        store: { engine, reachable: true },
        outbox: {
          depth: stats.outboxDepth,
          oldestPendingAgeSeconds: stats.oldestPendingAt
            ? Math.max(0, Math.round((at.getTime() - stats.oldestPendingAt.getTime()) / 1000))
            : null,
        },
        leads: stats.byState,
        rateLimit: deps.rateLimiter.backend,
      });
    } catch (error) {
      deps.log("health.store_down", { error: errorKind(error) });
      return c.json({ ok: false, store: { engine, reachable: false } }, 503);
    }
  };
}
