/**
 * `npm run vitals -- report [--since 7d] [--db FILE]`: p75 of each Core Web Vital per template
 * and per page over the chosen period, from the store `POST /api/vitals` writes.
 */
import { parseArgs } from "node:util";
import {
  formatReport,
  openSqliteVitalsStore,
  parsePeriod,
  vitalsDbPath,
} from "../server/vitals/index.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { since: { type: "string", default: "7d" }, db: { type: "string" } },
});
if (positionals[0] !== "report") {
  console.error(
    "usage: npm run vitals -- report [--since 7d|24h|30m] [--db path/to/vitals.sqlite]",
  );
  process.exit(2);
}
const store = openSqliteVitalsStore(values.db ?? vitalsDbPath(process.env, process.cwd()));
const to = Date.now();
const records = store.list({ from: to - parsePeriod(values.since), to: to + 1 });
store.close();
console.log(formatReport(records, `last ${values.since}`));
