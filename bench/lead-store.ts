/**
 * Insert throughput of the lead store alone (no HTTP): N durable inserts with C in flight,
 * through group commit, for SQLite (temp folder) and PostgreSQL (a fresh schema in
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 *
 *   node bench/lead-store.ts [N=20000] [C=256] [sqlite|postgres|both]
 */
import { createTestStore, ENGINES, type Engine, makeLead } from "../server/testing/lead-stores.ts";

const total = Number(process.argv[2] ?? 20_000);
const concurrency = Number(process.argv[3] ?? 256);
const which = process.argv[4] ?? "both";
const engines = ENGINES.filter((engine) => which === "both" || which === engine);

async function bench(engine: Engine): Promise<void> {
  const handle = await createTestStore(engine);
  try {
    const store = await handle.open();
    const leads = Array.from({ length: total }, () => makeLead());
    // Warm up (prepared statements, pool connections).
    await Promise.all(Array.from({ length: 200 }, () => store.insertLead(makeLead())));
    let next = 0;
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < leads.length) {
          const lead = leads[next++];
          if (!lead) break;
          const t0 = performance.now();
          await store.insertLead(lead);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]?.toFixed(1);
    const stored = (await store.stats(new Date())).byState.pending;
    console.log(
      `${engine.padEnd(8)} ${total} leads, ${concurrency} in flight: ${(total / seconds).toFixed(0)} leads/s; ` +
        `p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms; stored ${stored - 200}/${total}`,
    );
  } finally {
    await handle.cleanup();
  }
}

for (const engine of engines) await bench(engine);
