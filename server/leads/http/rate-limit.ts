/**
 * Per-IP request limits on the lead endpoints, through rate-limiter-flexible: in memory by
 * default (one process; with WEB_CONCURRENCY, in the cluster's primary for all its workers),
 * shared through Redis when REDIS_URL is set (any number of API instances). If Redis stops
 * answering, an in-memory limiter with the same budget takes over for this process, so an
 * outage of the limiter never refuses real leads.
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

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  readonly backend: "off" | "memory" | "cluster" | "redis";
  /** Spends one request of `key`'s budget (an IP, per endpoint bucket). */
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
  /** Told once when Redis fails and the in-memory fallback answers. */
  onBackendError?: (error: Error) => void;
}

const WINDOW_SECONDS = 60;
/** A cluster worker asks the primary; without an answer by then the request goes through. */
const CLUSTER_ANSWER_MS = 1_000;

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
      consume: (key) => decide(shared, key),
      ready: async () => {},
      close: async () => {},
    };
  }
  if (!options.redisUrl) {
    return {
      backend: "memory",
      consume: (key) => decide(memory, key),
      ready: async () => {},
      close: async () => {},
    };
  }

  const client = new Redis(options.redisUrl, {
    // Fail fast instead of queueing while disconnected: the insurance limiter answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let reported = false;
  client.on("error", (error: Error) => {
    if (!reported) options.onBackendError?.(error);
    reported = true;
  });
  client.on("ready", () => {
    reported = false;
  });
  const redis = new RateLimiterRedis({
    storeClient: client,
    points: options.perMinute,
    duration: WINDOW_SECONDS,
    keyPrefix,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
  return {
    backend: "redis",
    consume: (key) => decide(redis, key),
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

async function decide(limiter: RateLimiterAbstract, key: string): Promise<RateDecision> {
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      };
    }
    // A backend error with no insurance left: let the request through rather than lose a lead.
    return { allowed: true };
  }
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
