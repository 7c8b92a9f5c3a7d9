/**
 * Delivery settings, read from the environment by the API process and `npm run worker`.
 * Every knob has a safe default; tests pass small backoffs and short timeouts directly.
 */
import { z } from "zod";
import { DEFAULT_MAX_PER_10S, HUBSPOT_BLOCK_MS, HUBSPOT_DEFAULT_API_BASE } from "./constants.ts";

const count = (fallback: number, description: string) =>
  z.coerce.number().int().positive().default(fallback).describe(description);

export const deliveryConfigSchema = z.object({
  apiBase: z
    .string()
    .url()
    .default(HUBSPOT_DEFAULT_API_BASE)
    .describe("HUBSPOT_API_BASE: where form submissions are sent."),
  portalId: z
    .string()
    .regex(/^\d+$/, "expected the numeric HubSpot portal (hub) id")
    .nullable()
    .default(null)
    .describe("HUBSPOT_PORTAL_ID: without it leads are stored and held, never sent."),
  accessToken: z
    .string()
    .nullable()
    .default(null)
    .describe("HUBSPOT_ACCESS_TOKEN: use the authenticated /secure/submit/ endpoint."),
  maxPer10s: count(
    DEFAULT_MAX_PER_10S,
    "HUBSPOT_MAX_PER_10S: requests per 10 s the worker allows itself.",
  ),
  requestTimeoutMs: count(10_000, "HUBSPOT_TIMEOUT_MS: one request gives up after this long."),
  backoffBaseMs: count(5_000, "DELIVERY_BACKOFF_BASE_MS: first retry waits up to this long."),
  backoffCapMs: count(30 * 60_000, "DELIVERY_BACKOFF_CAP_MS: no retry waits longer."),
  rateLimitPauseMs: count(10_000, "First pause after a 429 (doubles on each further 429)."),
  rateLimitMaxPauseMs: count(HUBSPOT_BLOCK_MS, "Longest pause after repeated 429s."),
  leaseMs: count(
    60_000,
    "DELIVERY_LEASE_MS: a leased outbox entry is another worker's after this.",
  ),
  batchSize: count(10, "DELIVERY_BATCH: most outbox entries leased at once."),
  pollMs: count(1_000, "DELIVERY_POLL_MS: how often an idle worker looks for due leads."),
  publicBaseUrl: z
    .string()
    .url()
    .nullable()
    .default(null)
    .describe("PUBLIC_BASE_URL: makes uploaded-file links absolute for the CRM."),
});
export type DeliveryConfig = z.infer<typeof deliveryConfigSchema>;
export type DeliveryConfigInput = z.input<typeof deliveryConfigSchema>;

const blank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

export function deliveryConfig(input: DeliveryConfigInput = {}): DeliveryConfig {
  return deliveryConfigSchema.parse(input);
}

export function deliveryConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): DeliveryConfig {
  return deliveryConfigSchema.parse({
    apiBase: blank(env.HUBSPOT_API_BASE),
    portalId: blank(env.HUBSPOT_PORTAL_ID) ?? null,
    accessToken: blank(env.HUBSPOT_ACCESS_TOKEN) ?? null,
    maxPer10s: blank(env.HUBSPOT_MAX_PER_10S),
    requestTimeoutMs: blank(env.HUBSPOT_TIMEOUT_MS),
    backoffBaseMs: blank(env.DELIVERY_BACKOFF_BASE_MS),
    backoffCapMs: blank(env.DELIVERY_BACKOFF_CAP_MS),
    leaseMs: blank(env.DELIVERY_LEASE_MS),
    batchSize: blank(env.DELIVERY_BATCH),
    pollMs: blank(env.DELIVERY_POLL_MS),
    publicBaseUrl: blank(env.PUBLIC_BASE_URL) ?? null,
  });
}

/**
 * The state a new lead is stored in. Decided at insert time: spam stays spam; a lead whose
 * form has a CRM GUID goes to the outbox when a portal is configured, else it is held (kept,
 * listed, and put in the outbox by `npm run leads -- retry --held` once a portal is set).
 */
export function initialLeadState(input: {
  spamReason: string | null;
  crmFormGuid: string | null;
  portalConfigured: boolean;
}): "pending" | "held" | "spam" {
  if (input.spamReason) return "spam";
  return input.crmFormGuid && input.portalConfigured ? "pending" : "held";
}
