/** Real-user monitoring in the browser: web-vitals → sendBeacon to /api/vitals. */
export { startVitals } from "./browser.ts";
export {
  buildBatch,
  templateFromBootstrap,
  VITALS_ENDPOINT,
  type VitalMetricLike,
  type VitalsBatch,
} from "./payload.ts";
