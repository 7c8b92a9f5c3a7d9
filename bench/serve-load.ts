/**
 * Serving under load: the real server (its own processes) holding 1,000 concurrent connections
 * on loopback for 30 s per kind of request a visitor makes: a page's HTML (brotli), its page
 * data, a hashed asset and a 404. Prints requests/s, p99 latency and errors for each, the cores
 * the load generator and the server kept busy (Linux; a saturated generator is the limit, not
 * the server), and the server's peak resident memory (Linux). Part of `npm run bench`; alone:
 * `node bench/serve-load.ts [build folder] [--connections N] [--seconds S] [--processes N]`.
 * The server runs as the README recommends where a small machine must take a thousand
 * connections at once, as this load opens them: twice the cores (WEB_CONCURRENCY; its peak RSS
 * is then the sum over its processes). With one process per core, two runs on a 2-core machine
 * each kept 300-545 page-data requests waiting more than 10 s, all sent in the first second
 * (server/cluster.ts says why); with twice the cores, none. `--processes N` measures N; 1, a
 * single process, accepts new connections too slowly under this load.
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  cpuSecondsOfTree,
  peakRssMbOfTree,
  startServerProcess,
  stopServerProcess,
} from "./server-process.ts";

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than the expected status. */
  errors: number;
  /** The errors by kind, to tell a refused connection from a slow answer. */
  errorKinds: { connection: number; timeout: number; wrongStatus: number };
  /**
   * Cores busy on average during the run: the load generator (this process, one thread) and
   * the server's processes together (null where /proc is missing). On a small machine the
   * generator can be the limit: a generator near one core means the rate is its own, not the
   * server's.
   */
  cores: { generator: number; server: number | null };
}

export interface ServingUnderLoad {
  connections: number;
  seconds: number;
  /** Server processes (WEB_CONCURRENCY). */
  processes: number;
  results: LoadResult[];
  peakRssMb: number | null;
}

/** What a visitor's browser asks for, each with the status it must get. */
function targets(root: string) {
  const asset = readdirSync(path.join(root, "assets")).find((file) =>
    /^runtime-.*\.js$/.test(file),
  );
  if (!asset) throw new Error(`no runtime chunk in ${root}/assets: is it a build?`);
  return [
    { label: "HTML / (brotli)", path: "/", headers: { "accept-encoding": "br" }, status: 200 },
    {
      label: "page data",
      path: "/page-data/index/page-data.json",
      headers: { "accept-encoding": "br" },
      status: 200,
    },
    {
      label: "hashed asset (brotli)",
      path: `/assets/${asset}`,
      headers: { "accept-encoding": "br" },
      status: 200,
    },
    { label: "404", path: "/no-such-page/", headers: { "accept-encoding": "br" }, status: 404 },
  ];
}

/** Server processes by default: as the README's "Deploy" says for a burst of 1,000. */
export const PROCESSES_FOR_A_BURST = 2 * availableParallelism();

export async function measureServingUnderLoad(
  root: string,
  { connections = 1000, seconds = 30, processes = PROCESSES_FOR_A_BURST } = {},
): Promise<ServingUnderLoad> {
  // The lead store opens at start: give it a throwaway folder, not the site's ./data.
  const dataDir = await mkdtemp(path.join(tmpdir(), "hd-serve-load-"));
  const server = await startServerProcess({
    HD_OUT_DIR: root,
    DATA_DIR: dataDir,
    DELIVERY_WORKER: "0",
    LOG_REQUESTS: "0",
    WEB_CONCURRENCY: String(processes),
  });
  const results: LoadResult[] = [];
  try {
    for (const target of targets(root)) {
      let unexpected = 0;
      const startedAt = performance.now();
      const generatorBefore = process.cpuUsage();
      const serverBefore = cpuSecondsOfTree(server.child.pid);
      const result = await autocannon({
        url: `${server.url}${target.path}`,
        connections,
        duration: seconds,
        headers: target.headers,
        setupClient: (client) => {
          client.on("response", (statusCode: number) => {
            if (statusCode !== target.status) unexpected += 1;
          });
        },
      });
      const wallSeconds = (performance.now() - startedAt) / 1000;
      const generator = process.cpuUsage(generatorBefore);
      const serverAfter = cpuSecondsOfTree(server.child.pid);
      results.push({
        label: target.label,
        requestsPerSecond: result.requests.average,
        p99Ms: result.latency.p99,
        // autocannon counts a timeout in both errors and timeouts.
        errors: result.errors + unexpected,
        errorKinds: {
          connection: result.errors - result.timeouts,
          timeout: result.timeouts,
          wrongStatus: unexpected,
        },
        cores: {
          generator: (generator.user + generator.system) / 1e6 / wallSeconds,
          server:
            serverBefore === null || serverAfter === null
              ? null
              : (serverAfter - serverBefore) / wallSeconds,
        },
      });
    }
    return {
      connections,
      seconds,
      processes,
      results,
      peakRssMb: peakRssMbOfTree(server.child.pid),
    };
  } finally {
    await stopServerProcess(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function errorDetail({ errors, errorKinds }: LoadResult): string {
  if (errors === 0) return "";
  const { connection, timeout, wrongStatus } = errorKinds;
  return ` (connection ${connection}, timeout ${timeout}, wrong status ${wrongStatus})`;
}

/**
 * autocannon runs on this process's one thread: at this much of a core it is saturated, so the
 * requests/s it reports is what it could send and read, and the server may have had room left.
 */
const GENERATOR_LIMIT_CORES = 0.9;

/** Where the run's CPU went, and whether the load generator set the rate. */
function coresDetail({ cores }: LoadResult): string {
  const server = cores.server === null ? "n/a" : cores.server.toFixed(2);
  const limit = cores.generator >= GENERATOR_LIMIT_CORES ? " (the generator's limit)" : "";
  return `cores busy: generator ${cores.generator.toFixed(2)}${limit}, server ${server}`;
}

export function printServingUnderLoad(run: ServingUnderLoad): void {
  console.log(
    `== Serving under load (autocannon, ${run.connections} connections, ${run.seconds} s each, server in ${run.processes === 1 ? "its own process" : `${run.processes} processes (WEB_CONCURRENCY)`}, loopback) ==`,
  );
  for (const result of run.results) {
    console.log(
      `  ${result.label.padEnd(22)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${result.p99Ms} ms, errors ${result.errors}${errorDetail(result)}; ${coresDetail(result)}`,
    );
  }
  console.log(
    `  server peak RSS ${run.peakRssMb === null ? "n/a" : `${run.peakRssMb.toFixed(0)} MB`}`,
  );
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      connections: { type: "string", default: "1000" },
      seconds: { type: "string", default: "30" },
      processes: { type: "string", default: String(PROCESSES_FOR_A_BURST) },
    },
  });
  const root = path.resolve(positionals[0] ?? process.env.HD_OUT_DIR ?? "public");
  if (!existsSync(path.join(root, "index.html"))) {
    console.error(`No build in ${root}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const run = await measureServingUnderLoad(root, {
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    processes: Number(values.processes),
  });
  printServingUnderLoad(run);
  if (run.results.some((result) => result.errors > 0)) process.exitCode = 1;
}
