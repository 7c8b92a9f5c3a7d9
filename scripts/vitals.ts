/**
 * `npm run vitals -- report [--since 7d]`: p75 of each Core Web Vital per template and per
 * page over the chosen period, from the store `POST /api/vitals` writes: the lead store the
 * environment selects, as for the API (DATABASE_URL → PostgreSQL, else SQLite in DATA_DIR).
 */
import { parseArgs } from "node:util";
import { openLeadStore, storeConfigFromEnv } from "../server/leads/store/index.ts";
import { formatReport, parsePeriod } from "../server/vitals/index.ts";

const USAGE = "usage: npm run vitals -- report [--since 7d|24h|30m]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { since: { type: "string", default: "7d" } },
});
if (positionals[0] !== "report") {
  console.error(USAGE);
  process.exit(2);
}
let period: number;
try {
  period = parsePeriod(values.since);
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const store = await openLeadStore(storeConfigFromEnv(process.env));
try {
  const to = new Date();
  const records = await store.listVitals({ from: new Date(to.getTime() - period), to });
  console.log(formatReport(records, `last ${values.since}`));
} finally {
  await store.close();
}
