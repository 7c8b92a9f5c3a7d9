/** `POST /api/vitals`: validates a browser's batch of Core Web Vitals and stores it. */
import type { Context, Hono } from "hono";
import { decodeUtf8, readCappedBody } from "../leads/http/body.ts";
import type { RateDecision } from "../leads/http/rate-limit.ts";
import { incomingOf } from "../leads/http/request-info.ts";
import { StoreUnavailableError } from "../leads/store/index.ts";
import { VITALS_MAX_BODY_BYTES, vitalsPayloadSchema } from "./schema.ts";
import type { VitalsStore } from "./store.ts";

export interface VitalsRouteOptions {
  now?: () => Date;
  /**
   * Spends one request of the caller's budget (the lead API's per-IP limiter, in its own
   * bucket); without it beacons are not limited.
   */
  consumeBudget?: (c: Context) => Promise<RateDecision>;
}

export function registerVitalsRoute(
  api: Hono,
  store: VitalsStore,
  options: VitalsRouteOptions = {},
): void {
  const now = options.now ?? (() => new Date());
  api.post("/vitals", async (c) => {
    const decision: RateDecision = options.consumeBudget
      ? await options.consumeBudget(c)
      : { allowed: true };
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json({ error: "too many beacons" }, 429);
    }
    // Counted as it arrives, as the lead endpoints read theirs: a chunked body declares no
    // length, and reading it whole before measuring let one request fill the server's memory.
    const body = await readCappedBody(c.req.raw, VITALS_MAX_BODY_BYTES, incomingOf(c));
    if (!body.ok) return c.json({ error: "payload too large" }, 413);
    const text = decodeUtf8(body.bytes);
    if (text === null) return c.json({ error: "body is not UTF-8" }, 400);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return c.json({ error: "body is not JSON" }, 400);
    }
    const parsed = vitalsPayloadSchema.safeParse(json);
    if (!parsed.success) {
      return c.json({ error: "invalid vitals payload", issues: parsed.error.issues.length }, 422);
    }
    const { path, template, metrics } = parsed.data;
    const receivedAt = now();
    try {
      await store.addVitals(
        metrics.map((metric) => ({
          receivedAt,
          name: metric.name,
          value: metric.value,
          rating: metric.rating,
          path,
          template,
        })),
      );
    } catch (error) {
      // Measurements are best effort: a store that is down loses them, the page never notices.
      if (error instanceof StoreUnavailableError) {
        return c.json({ error: "vitals store unavailable" }, 503);
      }
      throw error;
    }
    return c.body(null, 204);
  });
}
