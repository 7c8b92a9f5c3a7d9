/**
 * Delivery of stored leads to the CRM (HubSpot Forms API v3) through the transactional
 * outbox: the worker, its pure policy (retry, classification, request body) and its config.
 */
export {
  type DeliveryConfig,
  type DeliveryConfigInput,
  deliveryConfig,
  deliveryConfigFromEnv,
  initialLeadState,
} from "./config.ts";
export * from "./constants.ts";
export { createHubSpotClient, type HubSpotClient } from "./hubspot-client.ts";
export { jsonLogger, type LogEntry, type Logger, silentLogger } from "./log.ts";
export { Pacer } from "./pacer.ts";
export * from "./retry-policy.ts";
export { buildSubmission, type HubSpotSubmission } from "./submission.ts";
export {
  type Clock,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  startDeliveryWorker,
  systemClock,
} from "./worker.ts";
