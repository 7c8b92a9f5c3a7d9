import {
  SERVICE_WORKER_INSECURE_MESSAGE,
  SERVICE_WORKER_LOCAL_HOSTNAMES,
  SERVICE_WORKER_URL,
} from "./constants.ts";

export interface ServiceWorkerEnv {
  /** `location.protocol`, e.g. `"https:"`. */
  protocol: string;
  /** `location.hostname`; IPv6 hosts come bracketed, e.g. `"[::1]"`. */
  hostname: string;
  /** `navigator.serviceWorker`; absent in browsers without support (and in insecure contexts). */
  serviceWorker?: { register(url: string): Promise<unknown> };
  log: (message: string, error?: unknown) => void;
}

export type ServiceWorkerResult = "registered" | "insecure" | "unsupported" | "failed";

/**
 * Registers `/sw.js` over HTTPS or on a loopback host (localhost, 127.0.0.1, [::1]: browsers
 * treat all three as secure, so development works on any of them). Elsewhere it logs the
 * insecure-origin message, checked before support because insecure pages hide
 * `navigator.serviceWorker`. Never rejects: a failed registration is logged.
 */
export async function registerServiceWorker(env: ServiceWorkerEnv): Promise<ServiceWorkerResult> {
  const secure = env.protocol === "https:" || SERVICE_WORKER_LOCAL_HOSTNAMES.includes(env.hostname);
  if (!secure) {
    env.log(SERVICE_WORKER_INSECURE_MESSAGE);
    return "insecure";
  }
  if (env.serviceWorker === undefined) return "unsupported";
  try {
    await env.serviceWorker.register(SERVICE_WORKER_URL);
    return "registered";
  } catch (error) {
    env.log(
      `Service worker registration of ${SERVICE_WORKER_URL} failed; the site works without offline support.`,
      error,
    );
    return "failed";
  }
}

/** The browser adapter: reads `location` and `navigator`, logs with console.error. */
export function registerServiceWorkerInBrowser(): Promise<ServiceWorkerResult> {
  return registerServiceWorker({
    protocol: globalThis.location.protocol,
    hostname: globalThis.location.hostname,
    serviceWorker: globalThis.navigator.serviceWorker,
    log: (message, error) => {
      if (error === undefined) console.error(message);
      else console.error(message, error);
    },
  });
}
