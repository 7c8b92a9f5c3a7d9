import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { BOOTSTRAP_SCRIPT_ID } from "../protocol/index.ts";
import {
  buildBatch,
  templateFromBootstrap,
  VITALS_ENDPOINT,
  type VitalMetricLike,
} from "./payload.ts";

/**
 * Our own real-user monitoring: Core Web Vitals of the page the visitor landed on, sent with
 * sendBeacon when the page is hidden (web-vitals reports CLS and INP then), so the beacon
 * never competes with the page for the network. Started once, under analytics consent, and
 * sent only while that consent still holds: the beacon goes when the page is hidden, and the
 * visitor may have withdrawn analytics since, so the choice is asked again at send time.
 */
let started = false;

/** Asks the caller whether a beacon may go now; an answer that cannot be had sends nothing. */
function mayReport(allowed: () => boolean): boolean {
  try {
    return allowed();
  } catch {
    return false;
  }
}

/** `allowed`: whether analytics is granted now (src/integrations asks its consent API). */
export function startVitals(allowed: () => boolean): void {
  if (started) return;
  started = true;
  // The landing page's path and template: web-vitals measures the document's first load.
  const path = location.pathname;
  const template = templateFromBootstrap(document.getElementById(BOOTSTRAP_SCRIPT_ID)?.textContent);
  const queue: VitalMetricLike[] = [];

  const flush = () => {
    const metrics = queue.splice(0);
    // Dropped, not kept: what was measured while withdrawn never goes, even after a new grant.
    if (metrics.length === 0 || !mayReport(allowed)) return;
    const batch = buildBatch(path, template, metrics);
    if (!batch) return;
    const body = new Blob([JSON.stringify(batch)], { type: "application/json" });
    try {
      if (!navigator.sendBeacon?.(VITALS_ENDPOINT, body)) {
        void fetch(VITALS_ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
      }
    } catch {
      // Monitoring must never break the page.
    }
  };
  const record = (metric: Metric) => queue.push(metric);
  onLCP(record);
  onINP(record);
  onCLS(record);
  onFCP(record);
  onTTFB(record);
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
