import type { FormDefinition } from "../../../src/forms/index.ts";
import type { LeadStore } from "../store/types.ts";
import type { LeadLogger } from "./log.ts";
import type { RateLimiter } from "./rate-limit.ts";

/** What the lead routes need; server/main.ts builds it from the environment, tests by hand. */
export interface LeadApiDeps {
  store: LeadStore;
  /** Form definitions by id (content/forms). The CRM target comes from here, never the request. */
  forms: ReadonlyMap<string, FormDefinition>;
  rateLimiter: RateLimiter;
  settings: LeadApiSettings;
  log: LeadLogger;
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export interface LeadApiSettings {
  /** Proxies of ours in front (TRUST_PROXY); 0 ignores X-Forwarded-* headers. */
  trustProxyHops: number;
  /** Largest decoded upload in bytes (UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** Other origins allowed to post (ALLOWED_ORIGINS), normalised. */
  allowedOrigins: readonly string[];
  /** True when a CRM portal is configured: new leads wait in the outbox; else they are held. */
  crmConfigured: boolean;
  /** A store call slower than this answers 503 (nothing acknowledged; the client may retry). */
  storeTimeoutMs: number;
}
