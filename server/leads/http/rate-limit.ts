/**
 * Per-IP request limits on the lead endpoints, through rate-limiter-flexible: in memory by
 * default (one process; with WEB_CONCURRENCY, in the cluster's primary for all its workers),
 * shared through Redis when REDIS_URL is set (any number of API instances). If Redis stops
 * answering, an in-memory limiter with the same budget takes over for this process, so an
 * outage of the limiter never refuses real leads. Budgets are per visitor, not per address: an
 * IPv6 caller is counted by its /64 (ipBudgetKey).
 */
import cluster from "node:cluster";
import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { ipBudgetKey } from "./client-ip.ts";

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  readonly backend: "off" | "memory" | "cluster" | "redis";
  /**
   * Spends one request of `key`'s budget: `{bucket}:{ip}` (`submit:203.0.113.7`), counted as
   * `{bucket}:{ipBudgetKey(ip)}`, so an IPv6 caller's whole /64 shares one budget. A key whose
   * rest is no address (`submit:unknown`) is counted as it is.
   */
  consume(key: string): Promise<RateDecision>;
  /** Resolves once the shared backend answers (Redis); at once for memory. Rejects after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** Requests per minute and key; 0 turns limiting off. */
  perMinute: number;
  /** Shared limits through this Redis when set. */
  redisUrl?: string | null;
  /** Separates deployments or tests sharing one Redis. */
  keyPrefix?: string;
  /**
   * Told once when Redis fails (unreachable, an error, or no answer within a command's deadline)
   * and the in-memory fallback answers; told again only after Redis has answered meanwhile.
   */
  onBackendError?: (error: Error) => void;
  /** The clock of the Redis back-off (REDIS_RETRY_MS); tests move it. */
  now?: () => number;
}

const WINDOW_SECONDS = 60;
/** A cluster worker asks the primary; without an answer by then the request goes through. */
const CLUSTER_ANSWER_MS = 1_000;
/**
 * How long one Redis command may take before this process counts in memory instead. A Redis
 * answers in about a millisecond; one that accepted the connection and then stopped answering
 * (hung, paused, a network that drops packets) would otherwise hold every submission and upload
 * forever, because ioredis waits for a reply on a connection it still calls ready.
 */
const REDIS_COMMAND_MS = 500;
/**
 * After a Redis command failed, this process counts in memory for this long before it asks Redis
 * again (at once when the connection is made anew). Without it, while Redis hangs every
 * submission and upload would first wait out REDIS_COMMAND_MS.
 */
const REDIS_RETRY_MS = 5_000;

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  if (options.perMinute <= 0) {
    return {
      backend: "off",
      consume: async () => ({ allowed: true }),
      ready: async () => {},
      close: async () => {},
    };
  }
  const keyPrefix = options.keyPrefix ?? "hd-leads";
  const memory = new RateLimiterMemory({
    points: options.perMinute,
    duration: WINDOW_SECONDS,
    keyPrefix,
  });
  if (!options.redisUrl && cluster.isWorker) {
    // The primary keeps the budgets (server/cluster.ts), so a visitor's requests count the same
    // whichever worker answers them.
    const shared = new RateLimiterCluster({
      points: options.perMinute,
      duration: WINDOW_SECONDS,
      keyPrefix,
      timeoutMs: CLUSTER_ANSWER_MS,
    });
    return {
      backend: "cluster",
      consume: (key) => decide(shared, budgetKey(key)),
      ready: async () => {},
      close: async () => {},
    };
  }
  if (!options.redisUrl) {
    return {
      backend: "memory",
      consume: (key) => decide(memory, budgetKey(key)),
      ready: async () => {},
      close: async () => {},
    };
  }

  const client = new Redis(options.redisUrl, {
    // Fail fast instead of queueing while disconnected: the in-memory limiter answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_MS,
  });
  const now = options.now ?? Date.now;
  let reported = false;
  const report = (error: Error) => {
    if (!reported) options.onBackendError?.(error);
    reported = true;
  };
  /** Until when this process counts in memory without asking Redis (REDIS_RETRY_MS). */
  let memoryUntil = 0;
  client.on("error", report);
  client.on("ready", () => {
    reported = false;
    memoryUntil = 0;
  });
  // No insuranceLimiter: the fallback is ours (decide), so that a command that timed out on a
  // connection still "ready", which emits no error event, is reported too.
  const redis = new RateLimiterRedis({
    storeClient: client,
    points: options.perMinute,
    duration: WINDOW_SECONDS,
    keyPrefix,
    rejectIfRedisNotReady: true,
  });
  return {
    backend: "redis",
    consume: (key) => {
      const budget = budgetKey(key);
      if (now() < memoryUntil) return decide(memory, budget);
      return decide(redis, budget, {
        limiter: memory,
        onFailure: (error) => {
          memoryUntil = now() + REDIS_RETRY_MS;
          report(error);
        },
        onAnswer: () => {
          reported = false;
        },
      });
    },
    ready: (timeoutMs = 5_000) =>
      new Promise<void>((resolve, reject) => {
        if (client.status === "ready") {
          resolve();
          return;
        }
        const timer = setTimeout(() => {
          client.off("ready", onReady);
          reject(new Error(`Redis at ${redactUrl(options.redisUrl as string)} is not reachable`));
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        client.once("ready", onReady);
      }),
    close: async () => {
      client.disconnect();
    },
  };
}

/**
 * A refusal (the budget is spent: RateLimiterRes) answers 429; a failure of the backend (an
 * Error) is not the visitor's doing, so `fallback` answers instead, or with none left the request
 * goes through rather than lose a lead.
 */
async function decide(
  limiter: RateLimiterAbstract,
  key: string,
  fallback?: {
    limiter: RateLimiterAbstract;
    onFailure: (error: Error) => void;
    /** The backend answered (allowed or refused): a later failure is a new outage. */
    onAnswer: () => void;
  },
): Promise<RateDecision> {
  try {
    await limiter.consume(key);
    fallback?.onAnswer();
    return { allowed: true };
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) {
      fallback?.onAnswer();
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)),
      };
    }
    if (!fallback) return { allowed: true };
    fallback.onFailure(outcome instanceof Error ? outcome : new Error(String(outcome)));
    return decide(fallback.limiter, key);
  }
}

/**
 * `{bucket}:{ip}` with the IP reduced to what one visitor controls (ipBudgetKey); any other key
 * as it is. The bucket names (`submit`, `upload`, `vitals`) hold no colon, an IPv6 address does.
 */
export function budgetKey(key: string): string {
  const colon = key.indexOf(":");
  if (colon < 0) return key;
  const ip = ipBudgetKey(key.slice(colon + 1));
  return ip === null ? key : `${key.slice(0, colon)}:${ip}`;
}

/** A Redis URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid URL)";
  }
}
