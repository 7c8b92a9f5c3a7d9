/**
 * Delivery settings, read from the environment by the API process and `npm run worker`.
 * Every knob has a safe default; tests pass small backoffs and short timeouts directly.
 */
import { z } from "zod";
import {
  DEFAULT_MAX_PER_10S,
  HUBSPOT_BLOCK_MS,
  HUBSPOT_DEFAULT_API_BASE,
  LEASE_MARGIN_MS,
} from "./constants.ts";

const count = (fallback: number, description: string) =>
  z.coerce.number().int().positive().default(fallback).describe(description);

export const deliveryConfigSchema = z
  .object({
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
  })
  .superRefine((config, context) => {
    // A worker sends a lead only while its lease has a request timeout and a margin left
    // (worker.ts). A lease no longer than that would have every lead skipped as "lease too
    // short", expire and be leased again, forever, with nothing sent and nothing failing.
    if (config.leaseMs > config.requestTimeoutMs + LEASE_MARGIN_MS) return;
    context.addIssue({
      code: "custom",
      path: [],
      message:
        `DELIVERY_LEASE_MS (${config.leaseMs}) must be more than HUBSPOT_TIMEOUT_MS ` +
        `(${config.requestTimeoutMs}) + ${LEASE_MARGIN_MS} ms: a worker sends a lead only while ` +
        "its lease has a request timeout and that margin left, so it would never send one",
    });
  });
export type DeliveryConfig = z.infer<typeof deliveryConfigSchema>;
export type DeliveryConfigInput = z.input<typeof deliveryConfigSchema>;

const blank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

export function deliveryConfig(input: DeliveryConfigInput = {}): DeliveryConfig {
  return deliveryConfigSchema.parse(input);
}

/** The environment variable of each setting read from it. */
const ENV_NAMES = {
  apiBase: "HUBSPOT_API_BASE",
  portalId: "HUBSPOT_PORTAL_ID",
  accessToken: "HUBSPOT_ACCESS_TOKEN",
  maxPer10s: "HUBSPOT_MAX_PER_10S",
  requestTimeoutMs: "HUBSPOT_TIMEOUT_MS",
  backoffBaseMs: "DELIVERY_BACKOFF_BASE_MS",
  backoffCapMs: "DELIVERY_BACKOFF_CAP_MS",
  leaseMs: "DELIVERY_LEASE_MS",
  batchSize: "DELIVERY_BATCH",
  pollMs: "DELIVERY_POLL_MS",
  publicBaseUrl: "PUBLIC_BASE_URL",
} as const satisfies Partial<Record<keyof DeliveryConfig, string>>;

/**
 * The delivery settings from the environment (blank counts as unset). A bad value stops the
 * process with the variable's name, what it expects and what it got, one line each: the API
 * process and `npm run worker` read them here alike.
 */
export function deliveryConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): DeliveryConfig {
  // Unset leaves the schema's default (null for the optional ones).
  const input: Record<string, string | undefined> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) input[key] = blank(env[name]);
  const parsed = deliveryConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    // A rule between settings names its variables and their values itself.
    if (issue.path.length === 0) return issue.message;
    const key = String(issue.path[0]) as keyof typeof ENV_NAMES;
    return `${ENV_NAMES[key] ?? key}: ${issue.message}, got ${JSON.stringify(input[key])}`;
  });
  throw new Error(problems.join("\n"));
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
