/**
 * GET /api/health: the process answers (liveness), the store answers (a round trip), and how the
 * outbox is doing — how many leads wait for the CRM and how long the oldest has waited. 503 when
 * the store cannot be reached, so a load balancer stops sending leads to this instance.
 *
 * The endpoint is public (a load balancer has no credentials), so its cost must not grow with
 * the lead table: the ping runs on every request, but the counts (a scan of the leads by state)
 * are computed at most once per STATS_MAX_AGE_MS per process and shared by every request meanwhile.
 */
import type { Context } from "hono";
import type { StoreStats } from "../store/types.ts";
import type { LeadApiDeps } from "./deps.ts";
import { errorKind } from "./log.ts";
import { withTimeout } from "./timeout.ts";

/** How old the outbox counts in an answer may be: a monitor polls every 10 s or more. */
export const STATS_MAX_AGE_MS = 5_000;

export function healthHandler(deps: LeadApiDeps) {
  const now = deps.now ?? (() => new Date());
  /** The latest counts, or the query computing them (concurrent requests wait for the same one). */
  let cached: { at: number; stats: Promise<StoreStats> } | null = null;

  const currentStats = (at: Date): Promise<StoreStats> => {
    const age = cached ? at.getTime() - cached.at : Number.POSITIVE_INFINITY;
    // A clock that went back also recounts, rather than keeping counts "from the future".
    if (cached && age >= 0 && age < STATS_MAX_AGE_MS) return cached.stats;
    const entry = {
      at: at.getTime(),
      stats: withTimeout(deps.store.stats(at), deps.settings.storeTimeoutMs),
    };
    cached = entry;
    // A failed count is not kept: the next request asks the store again.
    entry.stats.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.stats;
  };

  return async (c: Context): Promise<Response> => {
    const engine = deps.store.engine;
    try {
      await withTimeout(deps.store.ping(), deps.settings.storeTimeoutMs);
      const at = now();
      const stats = await currentStats(at);
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
