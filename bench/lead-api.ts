/**
 * Lead API figures (`npm run bench:api`): the real server (`node server/main.ts`, its own
 * process) on loopback, driven by autocannon from this process with unique submissions.
 *
 * - saturation: as many connections as it takes; leads/s counts only answers of 200 with
 *   success:true, i.e. stored and acknowledged — and the store is then asked to prove it holds
 *   at least that many;
 * - fixed rate: 500 requests/s, p50 and p99 latency, first on a store at rest, then again right
 *   after the saturation burst (SQLite is still checkpointing tens of MB of WAL then).
 *
 * Rate limiting is off (one client IP) and the delivery worker is off (it would compete for the
 * same 2 cores and is measured by its own tests); logs go to /dev/null.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { TEST_FORMS } from "../server/leads/http/testing.ts";
import { createTestStore, type Engine } from "../server/testing/lead-stores.ts";
import {
  cpuSeconds,
  startServerProcess as startServer,
  stopServerProcess,
} from "./server-process.ts";

const FIXED_RATE = 500;

export interface LeadBenchResult {
  engine: Engine;
  saturation: {
    connections: number;
    leadsPerSecond: number;
    acknowledged: number;
    stored: number;
    errors: number;
    p99Ms: number;
    /** The server process's CPU time per acknowledged lead (Linux): the machine's load does not inflate it. */
    cpuMsPerLead: number | null;
  };
  /** The 1-minute load average when the run ended: other processes competing for the cores. */
  loadAverage: number;
  /** 500 requests/s on a store that has not just absorbed a burst. */
  fixedRate: FixedRateResult;
  /** The same right after the saturation run, while the store still digests that burst. */
  fixedRateAfterBurst: FixedRateResult;
}

export interface FixedRateResult {
  rate: number;
  p50Ms: number;
  p99Ms: number;
  acknowledged: number;
  errors: number;
}

let sequence = 0;
function submission(run: string): string {
  sequence += 1;
  return JSON.stringify({
    formId: "book-demo",
    submissionId: `bench-${run}-${sequence}`,
    firstname: "Bench",
    email: `bench-${run}-${sequence}@load.example`,
    team_size: "6-20",
    "LEGAL_CONSENT.processing": "true",
    pageUri: "https://harbordesk.example/demo/",
    pageName: "Book a demo",
    hubspotutk: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  });
}

async function drive(
  url: string,
  run: string,
  options: { connections: number; seconds: number; overallRate?: number },
): Promise<{ acknowledged: number; errors: number; p50: number; p99: number; seconds: number }> {
  let acknowledged = 0;
  const result = await autocannon({
    url: `${url}/api/hubspot/submitForm`,
    connections: options.connections,
    duration: options.seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        setupRequest: (request) => ({ ...request, body: submission(run) }),
        onResponse: (status, body) => {
          if (status === 200 && body.includes('"success":true')) acknowledged += 1;
        },
      },
    ],
  });
  return {
    acknowledged,
    errors: result.errors + result.non2xx + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    seconds: result.duration,
  };
}

export async function measureLeadApi(engine: Engine, seconds = 8): Promise<LeadBenchResult> {
  const handle = await createTestStore(engine);
  const formsDir = await mkdtemp(path.join(tmpdir(), "hd-bench-forms-"));
  for (const form of TEST_FORMS)
    await writeFile(path.join(formsDir, `${form.alternative_id}.json`), JSON.stringify(form));
  const storeEnv: Record<string, string> =
    engine === "sqlite"
      ? { DATA_DIR: handle.config.dataDir as string }
      : {
          DATABASE_URL: handle.config.databaseUrl as string,
          DATABASE_SCHEMA: handle.config.pgSchema as string,
        };
  const server = await startServer({
    ...storeEnv,
    FORMS_DIR: formsDir,
    HD_OUT_DIR: path.join(formsDir, "public"),
    RATE_LIMIT_PER_MINUTE: "0",
    DELIVERY_WORKER: "0",
    HUBSPOT_PORTAL_ID: "4412345",
  });
  try {
    // Warm-up: JIT, pool connections, SQLite pages.
    await drive(server.url, `${engine}-warm`, { connections: 16, seconds: 2 });
    const fixedRate = async (run: string): Promise<FixedRateResult> => {
      const fixed = await drive(server.url, `${engine}-${run}`, {
        connections: 50,
        seconds,
        overallRate: FIXED_RATE,
      });
      return {
        rate: FIXED_RATE,
        p50Ms: fixed.p50,
        p99Ms: fixed.p99,
        acknowledged: fixed.acknowledged,
        errors: fixed.errors,
      };
    };
    const steady = await fixedRate("fixed");
    const connections = 64;
    const cpuBefore = cpuSeconds(server.child.pid);
    const saturation = await drive(server.url, `${engine}-sat`, { connections, seconds });
    const cpuAfter = cpuSeconds(server.child.pid);
    const store = await handle.open();
    const stored = (await store.listLeads({ formId: "book-demo", limit: 1_000_000 })).filter(
      (lead) => lead.submissionId?.startsWith(`bench-${engine}-sat-`),
    ).length;
    const afterBurst = await fixedRate("fixed-after-burst");
    return {
      engine,
      saturation: {
        connections,
        leadsPerSecond: saturation.acknowledged / saturation.seconds,
        acknowledged: saturation.acknowledged,
        stored,
        errors: saturation.errors,
        p99Ms: saturation.p99,
        cpuMsPerLead:
          cpuBefore !== null && cpuAfter !== null && saturation.acknowledged > 0
            ? ((cpuAfter - cpuBefore) * 1000) / saturation.acknowledged
            : null,
      },
      loadAverage: loadavg()[0] ?? 0,
      fixedRate: steady,
      fixedRateAfterBurst: afterBurst,
    };
  } finally {
    await stopServerProcess(server.child);
    await handle.cleanup();
    await rm(formsDir, { recursive: true, force: true });
  }
}

export function printLeadBench(result: LeadBenchResult): void {
  const { saturation: s, fixedRate: f } = result;
  const durable = s.stored >= s.acknowledged ? "all stored" : `ONLY ${s.stored} STORED`;
  console.log(
    `  ${result.engine.padEnd(9)} saturation (${s.connections} conns): ${s.leadsPerSecond.toFixed(0)} leads/s acknowledged ` +
      `(${s.acknowledged} acked, ${durable}, errors ${s.errors}, p99 ${s.p99Ms} ms)`,
  );
  if (s.cpuMsPerLead !== null) {
    console.log(
      `  ${"".padEnd(9)} server CPU ${s.cpuMsPerLead.toFixed(2)} ms per lead → one free core ≈ ${(1000 / s.cpuMsPerLead).toFixed(0)} leads/s ` +
        `(load average ${result.loadAverage.toFixed(1)} on ${availableParallelism()} cores during the run)`,
    );
  }
  const b = result.fixedRateAfterBurst;
  console.log(
    `  ${"".padEnd(9)} at ${f.rate} req/s: p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms (${f.acknowledged} acked, errors ${f.errors})`,
  );
  console.log(
    `  ${"".padEnd(9)} at ${b.rate} req/s right after the saturation burst: p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms (${b.acknowledged} acked, errors ${b.errors})`,
  );
}
