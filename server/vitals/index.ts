/** Real-user monitoring: the vitals payload, its store, its route and its report. */
export { formatReport, p75, parsePeriod, type ReportRow, summarise } from "./report.ts";
export { registerVitalsRoute } from "./route.ts";
export * from "./schema.ts";
export {
  DEFAULT_DATA_DIR,
  openSqliteVitalsStore,
  VITALS_DB_FILE,
  type VitalsStore,
  vitalsDbPath,
} from "./store.ts";
