/** Real-user monitoring: the vitals payload, its route (stored by the lead store) and its report. */
export {
  formatReport,
  p75,
  parsePeriod,
  type ReportMeasurement,
  type ReportRow,
  summarise,
} from "./report.ts";
export { registerVitalsRoute } from "./route.ts";
export * from "./schema.ts";
export type { VitalsStore } from "./store.ts";
