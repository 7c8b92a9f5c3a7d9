/** Spec constants of the page loader, prefetcher and service-worker registration. */

/** Page data requests that fail for reasons other than 404/500 are retried this many times. */
export const PAGE_DATA_RETRIES = 3;
/** Links are prefetched in batches of this many… */
export const PREFETCH_BATCH_SIZE = 4;
/** …one batch every this many milliseconds, the first one this long after the first enqueue. */
export const PREFETCH_INTERVAL_MS = 3000;
/** A navigation still loading after this long shows the "delayed" progress notice. */
export const DELAYED_NAVIGATION_MS = 1000;
/** sessionStorage key guarding the one-time reload on a compilation hash mismatch. */
export const BUILD_HASH_RELOAD_FLAG = "hd-build-hash-reloaded";

export const MAIN_CONTENT_ID = "main-content";

export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_INSECURE_MESSAGE =
  "Service workers can only be used over HTTPS, or on localhost for development";
/**
 * Hosts where a plain-http service worker is allowed. Browsers treat all three loopback
 * names as secure contexts, so refusing 127.0.0.1 or [::1] would log a false error.
 */
export const SERVICE_WORKER_LOCAL_HOSTNAMES: readonly string[] = [
  "localhost",
  "127.0.0.1",
  "[::1]",
];

export const BOT_USER_AGENT = /bot|crawler|spider|crawling/i;
