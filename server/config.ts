/** Reads the server's settings from environment variables (documented in server/README.md). */
import path from "node:path";
import { DEFAULT_HOST, DEFAULT_OUT_DIR, DEFAULT_PORT } from "./constants.ts";
import type { CspConfig } from "./headers.ts";
import { deliveryConfigFromEnv } from "./leads/delivery/config.ts";
import { DEFAULT_MAX_PER_10S, HUBSPOT_DEFAULT_API_BASE } from "./leads/delivery/constants.ts";
import { DEFAULT_RATE_LIMIT_PER_MINUTE, DEFAULT_UPLOAD_MAX_BYTES } from "./leads/http/constants.ts";
import { normaliseOrigin } from "./leads/http/origin.ts";
import { DEFAULT_DATA_DIR, type StoreConfig, storeConfigFromEnv } from "./leads/store/config.ts";

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the build output. */
  root: string;
  logRequests: boolean;
  /** WEB_CONCURRENCY: server processes sharing the port (server/cluster.ts); 1 runs no cluster. */
  processes: number;
  csp: CspConfig;
  leads: LeadsConfig;
}

/** The lead API's settings (README.md "Configuration", server/README.md). */
export interface LeadsConfig {
  /** DATA_DIR (absolute) or DATABASE_URL, plus the store's own tuning variables. */
  store: StoreConfig;
  /** REDIS_URL: share rate limits between instances; null keeps them in memory. */
  redisUrl: string | null;
  hubspot: {
    /** HUBSPOT_API_BASE, without a trailing slash. */
    apiBase: string;
    /** HUBSPOT_PORTAL_ID; null holds every lead (stored, not delivered) until one is set. */
    portalId: string | null;
    /** HUBSPOT_ACCESS_TOKEN: deliver through the authenticated /secure/submit/ endpoint. */
    accessToken: string | null;
    /** HUBSPOT_MAX_PER_10S: the delivery worker's pace. */
    maxPer10s: number;
  };
  /** TRUST_PROXY: proxies of ours in front; 0 ignores X-Forwarded-For/-Host. */
  trustProxyHops: number;
  /** RATE_LIMIT_PER_MINUTE per IP on submit and upload; 0 turns limiting off. */
  rateLimitPerMinute: number;
  /** UPLOAD_MAX_BYTES: largest decoded upload. */
  uploadMaxBytes: number;
  /** ALLOWED_ORIGINS: other origins whose pages may post leads, normalised. */
  allowedOrigins: string[];
  /** FORMS_DIR (absolute): the form definitions. */
  formsDir: string;
  /** DELIVERY_WORKER: this process delivers the outbox itself (default on). */
  deliveryWorker: boolean;
}

/** HubSpot's own Forms API host. */
export const DEFAULT_HUBSPOT_API_BASE = HUBSPOT_DEFAULT_API_BASE;
/** HubSpot allows 50 requests per 10 s on the public submit endpoint; stay under it. */
export const DEFAULT_HUBSPOT_MAX_PER_10S = DEFAULT_MAX_PER_10S;
export const DEFAULT_FORMS_DIR = "content/forms";
/** More server processes than this is a typo, not a machine. */
export const MAX_PROCESSES = 64;
/** Uploads are decoded in memory; above this a single request could starve the process. */
export const MAX_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

type Env = Readonly<Record<string, string | undefined>>;

/** Environment variable → CSP directive it extends. */
export const CSP_ENV_VARS = {
  CSP_SCRIPT_SRC: "scriptSrc",
  CSP_STYLE_SRC: "styleSrc",
  CSP_IMG_SRC: "imgSrc",
  CSP_FONT_SRC: "fontSrc",
  CSP_CONNECT_SRC: "connectSrc",
  CSP_FRAME_SRC: "frameSrc",
  CSP_MEDIA_SRC: "mediaSrc",
} as const satisfies Record<string, keyof CspConfig>;

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "") return false;
  const normalized = value.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(normalized)) return true;
  if (["0", "false", "no", "off"].includes(normalized)) return false;
  throw new Error(`${name} must be 1 or 0, got ${JSON.stringify(value)}`);
}

function parseInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
    throw new Error(
      `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return number;
}

/** TRUST_PROXY: a flag (1/true = one proxy) or the number of proxies in front. */
function parseTrustProxy(value: string | undefined): number {
  const normalized = value?.trim().toLowerCase() ?? "";
  if (["", "0", "false", "no", "off"].includes(normalized)) return 0;
  if (["true", "yes", "on"].includes(normalized)) return 1;
  return parseInteger("TRUST_PROXY", value, 0, 1, 10);
}

function parseOrigins(value: string | undefined): string[] {
  return parseList(value).map((origin) => {
    try {
      return normaliseOrigin(origin);
    } catch (error) {
      throw new Error(`ALLOWED_ORIGINS: ${(error as Error).message}`);
    }
  });
}

function parseApiBase(value: string | undefined): string {
  const text = value?.trim() || DEFAULT_HUBSPOT_API_BASE;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`HUBSPOT_API_BASE must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`HUBSPOT_API_BASE must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  return text.replace(/\/+$/, "");
}

function parsePortalId(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  // It becomes a path segment of the CRM URL: digits only.
  if (!/^\d{1,20}$/.test(text)) {
    throw new Error(`HUBSPOT_PORTAL_ID must be the portal's number, got ${JSON.stringify(value)}`);
  }
  return text;
}

/** The delivery worker's rule for the pace, so that the API process and `npm run worker` agree. */
function parsePace(value: string | undefined): number {
  return deliveryConfigFromEnv({ HUBSPOT_MAX_PER_10S: value }).maxPer10s;
}

export function readLeadsConfig(env: Env, cwd: string): LeadsConfig {
  const store = storeConfigFromEnv(env);
  return {
    store: { ...store, dataDir: path.resolve(cwd, store.dataDir ?? DEFAULT_DATA_DIR) },
    redisUrl: env.REDIS_URL?.trim() || null,
    hubspot: {
      apiBase: parseApiBase(env.HUBSPOT_API_BASE),
      portalId: parsePortalId(env.HUBSPOT_PORTAL_ID),
      accessToken: env.HUBSPOT_ACCESS_TOKEN?.trim() || null,
      maxPer10s: parsePace(env.HUBSPOT_MAX_PER_10S),
    },
    trustProxyHops: parseTrustProxy(env.TRUST_PROXY),
    rateLimitPerMinute: parseInteger(
      "RATE_LIMIT_PER_MINUTE",
      env.RATE_LIMIT_PER_MINUTE,
      DEFAULT_RATE_LIMIT_PER_MINUTE,
      0,
      1_000_000,
    ),
    uploadMaxBytes: parseInteger(
      "UPLOAD_MAX_BYTES",
      env.UPLOAD_MAX_BYTES,
      DEFAULT_UPLOAD_MAX_BYTES,
      1,
      MAX_UPLOAD_MAX_BYTES,
    ),
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS),
    formsDir: path.resolve(cwd, env.FORMS_DIR?.trim() || DEFAULT_FORMS_DIR),
    deliveryWorker: env.DELIVERY_WORKER?.trim()
      ? parseFlag("DELIVERY_WORKER", env.DELIVERY_WORKER)
      : true,
  };
}

/** Space- or comma-separated sources, e.g. "https://a.example https://b.example". */
function parseList(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter((item) => item !== "");
}

export function readServerConfig(env: Env, cwd: string): ServerConfig {
  const csp: CspConfig = {};
  for (const [name, key] of Object.entries(CSP_ENV_VARS)) {
    const sources = parseList(env[name]);
    if (sources.length > 0) csp[key] = sources;
  }
  if (env.CSP_REPORT_URI) csp.reportUri = env.CSP_REPORT_URI;
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || DEFAULT_HOST,
    root: path.resolve(cwd, env.HD_OUT_DIR?.trim() || DEFAULT_OUT_DIR),
    logRequests: parseFlag("LOG_REQUESTS", env.LOG_REQUESTS),
    processes: parseInteger("WEB_CONCURRENCY", env.WEB_CONCURRENCY, 1, 1, MAX_PROCESSES),
    csp,
    leads: readLeadsConfig(env, cwd),
  };
}
