/**
 * The delivery worker: leases due outbox entries, sends each lead to HubSpot through the
 * pacer, and records delivered / retry (with backoff) / dead. Any number of workers may share
 * one PostgreSQL outbox: a lease is exclusive until it expires, and a worker only sends while
 * its lease has at least one request timeout left, so two live workers never send the same
 * lead at once. Delivery is at-least-once: a worker that dies after HubSpot accepted a lead
 * but before recording it leaves a lease that expires, and the lead is sent again.
 */
import type { FormDefinition } from "../../../src/forms/index.ts";
import type { LeadStore, LeasedDelivery } from "../store/types.ts";
import type { DeliveryConfig } from "./config.ts";
import { LEASE_MARGIN_MS, MAX_TIMER_MS } from "./constants.ts";
import { createHubSpotClient, type HubSpotClient } from "./hubspot-client.ts";
import { jsonLogger, type Logger } from "./log.ts";
import { Pacer } from "./pacer.ts";
import { classifyOutcome, hubspotErrorTypes, retryDelayMs } from "./retry-policy.ts";
import { buildSubmission } from "./submission.ts";

export interface Clock {
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      // A longer timer fires at once and a waiting loop would spin; cut short, it looks again.
      const timer = setTimeout(done, Math.min(ms, MAX_TIMER_MS));
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    }),
};

export interface DeliveryWorkerOptions {
  store: LeadStore;
  forms: ReadonlyMap<string, FormDefinition>;
  config: DeliveryConfig;
  clock?: Clock;
  log?: Logger;
  random?: () => number;
  /** Replaces the HubSpot client (tests); by default one is built from `config`. */
  client?: HubSpotClient;
  /** Names this worker in logs. */
  name?: string;
}

export interface DeliveryWorker {
  /** False when no portal is configured: leads stay held, nothing is sent. */
  readonly enabled: boolean;
  /** Stops leasing, waits for in-flight sends to finish and be recorded. */
  stop(): Promise<void>;
}

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { store, forms, config } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? jsonLogger;
  const random = options.random ?? Math.random;
  const worker = options.name ?? "worker";
  if (!config.portalId) {
    log({
      event: "delivery.disabled",
      worker,
      reason: "HUBSPOT_PORTAL_ID is not set: new leads are held",
    });
    return { enabled: false, stop: async () => {} };
  }
  const client =
    options.client ??
    createHubSpotClient({
      apiBase: config.apiBase,
      portalId: config.portalId,
      accessToken: config.accessToken,
      timeoutMs: config.requestTimeoutMs,
    });
  const pacer = new Pacer({
    maxPer10s: config.maxPer10s,
    pauseMs: config.rateLimitPauseMs,
    maxPauseMs: config.rateLimitMaxPauseMs,
    now: () => clock.now().getTime(),
    sleep: (ms) => clock.sleep(ms, stopping.signal),
  });
  const stopping = new AbortController();
  const policy = { baseMs: config.backoffBaseMs, capMs: config.backoffCapMs };
  // The config refuses a lease no longer than this: every lead would be skipped, forever.
  const leaseNeedMs = config.requestTimeoutMs + LEASE_MARGIN_MS;

  async function record(
    delivery: LeasedDelivery,
    result: Parameters<LeadStore["completeDelivery"]>[1],
  ): Promise<void> {
    // The send already happened: try hard to record it, or the lead is sent again later.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const held = await store.completeDelivery(delivery, result);
        if (!held)
          log({ event: "delivery.lease_lost", level: "warn", worker, leadId: delivery.leadId });
        return;
      } catch (error) {
        if (attempt >= 4) {
          log({
            event: "delivery.record_failed",
            level: "error",
            worker,
            leadId: delivery.leadId,
            error: (error as Error).name,
          });
          return;
        }
        await clock.sleep(200 * 2 ** attempt);
      }
    }
  }

  async function deliver(delivery: LeasedDelivery, leaseEnds: number): Promise<void> {
    const lead = await store.getLead(delivery.leadId);
    if (!lead) return; // erased since it was leased
    const form = forms.get(lead.formId);
    const formGuid = form?.hubspotFormGuid ?? lead.crmFormGuid;
    if (!form || !formGuid) {
      const detail = form
        ? "the form definition has no hubspotFormGuid"
        : `no form definition "${lead.formId}"`;
      log({ event: "lead.dead", level: "warn", worker, leadId: lead.id, reason: detail });
      await record(delivery, { outcome: "dead", status: null, detail, at: clock.now() });
      return;
    }
    const paced = await pacer.take(stopping.signal);
    if (!paced || clock.now().getTime() + leaseNeedMs > leaseEnds) {
      // Not enough lease left to send safely: leave it; the lease expires and it is leased again.
      log({
        event: "delivery.skipped",
        worker,
        leadId: lead.id,
        reason: paced ? "lease too short" : "stopping",
      });
      return;
    }
    const body = buildSubmission(lead, form, { publicBaseUrl: config.publicBaseUrl ?? undefined });
    const outcome = await client.send(formGuid, body);
    const now = clock.now();
    const decision = classifyOutcome(outcome, now.getTime());
    const attempt = delivery.attempts + 1;
    if (decision.action === "delivered") {
      pacer.succeeded();
      log({ event: "lead.delivered", worker, leadId: lead.id, status: decision.status, attempt });
      await record(delivery, { outcome: "delivered", status: decision.status, at: now });
    } else if (decision.action === "dead") {
      const types = outcome.kind === "response" ? hubspotErrorTypes(outcome.body) : [];
      log({
        event: "lead.dead",
        level: "warn",
        worker,
        leadId: lead.id,
        status: decision.status,
        errorTypes: types,
        attempt,
      });
      await record(delivery, {
        outcome: "dead",
        status: decision.status,
        detail: decision.reason,
        at: now,
      });
    } else {
      const paused = decision.rateLimited ? pacer.rateLimited(decision.retryAfterMs) : 0;
      // Both bounded: the backoff (Retry-After included) by its cap, the pause by the pacer's.
      const delay = Math.max(retryDelayMs(decision, delivery.attempts, policy, random), paused);
      log({
        event: "lead.retry",
        worker,
        leadId: lead.id,
        status: decision.status,
        reason: decision.status === null ? decision.reason.split(":")[0] : undefined,
        attempt,
        retryInMs: delay,
      });
      await record(delivery, {
        outcome: "retry",
        status: decision.status,
        detail: decision.reason,
        at: now,
        nextAttemptAt: new Date(now.getTime() + delay),
      });
    }
  }

  async function loop(): Promise<void> {
    log({
      event: "delivery.started",
      worker,
      maxPer10s: config.maxPer10s,
      secure: Boolean(config.accessToken),
    });
    let storeDown = false;
    while (!stopping.signal.aborted) {
      const wait = pacer.waitMs();
      if (wait > 0) {
        await clock.sleep(wait, stopping.signal);
        continue;
      }
      const room = Math.max(1, Math.min(config.batchSize, pacer.available()));
      let leased: LeasedDelivery[];
      const leasedAt = clock.now();
      try {
        leased = await store.leaseDue(room, config.leaseMs, leasedAt);
        if (storeDown) log({ event: "delivery.store_back", worker });
        storeDown = false;
      } catch (error) {
        if (!storeDown)
          log({
            event: "delivery.store_error",
            level: "error",
            worker,
            error: (error as Error).name,
          });
        storeDown = true;
        await clock.sleep(config.pollMs, stopping.signal);
        continue;
      }
      if (leased.length === 0) {
        await clock.sleep(config.pollMs, stopping.signal);
        continue;
      }
      const leaseEnds = leasedAt.getTime() + config.leaseMs;
      await Promise.all(
        leased.map((delivery) =>
          deliver(delivery, leaseEnds).catch((error: unknown) => {
            log({
              event: "delivery.error",
              level: "error",
              worker,
              leadId: delivery.leadId,
              error: (error as Error).name,
            });
          }),
        ),
      );
    }
    log({ event: "delivery.stopped", worker });
  }

  const running = loop();
  return {
    enabled: true,
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
