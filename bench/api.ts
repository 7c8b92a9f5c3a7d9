/**
 * API and static-serving throughput: starts the real server on a loopback port and drives it
 * with autocannon for a few seconds per endpoint. Loopback only; bounded in time.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createApp } from "../server/app.ts";
import { startServer } from "../server/node.ts";
import { measureLeadApi, printLeadBench } from "./lead-api.ts";

export interface ThroughputResult {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export async function measureThroughput(root: string, seconds = 5): Promise<ThroughputResult[]> {
  const app = createApp({ root });
  const running = await startServer({ app, port: 0, host: "127.0.0.1" });
  const targets = [
    { label: "GET /api/health", path: "/api/health", headers: {} },
    { label: "GET / (brotli)", path: "/", headers: { "accept-encoding": "br" } },
    { label: "GET page-data", path: "/page-data/index/page-data.json", headers: {} },
  ];
  const results: ThroughputResult[] = [];
  try {
    for (const target of targets) {
      const result = await autocannon({
        url: `${running.url}${target.path}`,
        connections: 32,
        duration: seconds,
        headers: target.headers,
      });
      results.push({
        label: target.label,
        requestsPerSecond: result.requests.average,
        p99Ms: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    }
  } finally {
    await running.close();
  }
  return results;
}

// `npm run bench:api`: the lead API's figures, on SQLite then PostgreSQL (bench/lead-api.ts).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(
    "== Lead API: POST /api/hubspot/submitForm (autocannon, loopback, server in its own process) ==",
  );
  for (const engine of ["sqlite", "postgres"] as const)
    printLeadBench(await measureLeadApi(engine));
}
