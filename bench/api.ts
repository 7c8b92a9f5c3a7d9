/**
 * `npm run bench:api`: the lead API's figures, on SQLite then PostgreSQL (bench/lead-api.ts).
 * Static serving under load is bench/serve-load.ts (part of `npm run bench`).
 */
import { measureLeadApi, printLeadBench } from "./lead-api.ts";

console.log(
  "== Lead API: POST /api/hubspot/submitForm (autocannon, loopback, server in its own process) ==",
);
for (const engine of ["sqlite", "postgres"] as const) printLeadBench(await measureLeadApi(engine));
