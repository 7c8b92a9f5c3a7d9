/**
 * Several server processes on one port (WEB_CONCURRENCY above 1), through node:cluster.
 *
 * Two reasons. One process uses one core. And since libuv 1.45 (Node 20) a process accepts one
 * new connection per turn of its event loop (libuv/libuv#3696): saturated by 1,000 keep-alive
 * connections, a turn lasts tens of milliseconds, so new connections wait seconds in the listen
 * queue and, once it is full, the kernel drops their SYNs (bench:serve measured clients waiting
 * more than 10 s). In a cluster the primary process only accepts, handing each connection to the
 * next worker (round-robin, node:cluster's default on Linux), and its loop stays short. A worker
 * still takes one handed connection per round trip (node:cluster waits for its answer before
 * the next), so on a slow 2-core machine a burst of 1,000 new connections kept some waiting
 * more than 10 s with 2 workers and none with 4 (bench:serve; README, "Deploy").
 *
 * The workers run the server as a single process would. Only the first runs the CRM delivery
 * worker (one pace towards HubSpot); the store's leases keep any others apart anyway. Rate limits
 * stay exact without Redis: the primary keeps them for all workers (rate-limit.ts).
 */
import cluster, { type Worker } from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";

/** A worker that keeps dying is a bug or a broken config: stop instead of spinning. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

/**
 * The restart times to keep, and whether another restart is allowed: at most MAX_RESTARTS
 * within RESTART_WINDOW_MS.
 */
export function nextRestart(
  recent: readonly number[],
  now: number,
): { allowed: boolean; recent: number[] } {
  const kept = recent.filter((time) => now - time < RESTART_WINDOW_MS);
  if (kept.length >= MAX_RESTARTS) return { allowed: false, recent: kept };
  return { allowed: true, recent: [...kept, now] };
}

/** Environment of worker `index`: the delivery worker runs in the first one only. */
export function workerEnv(index: number, deliveryWorker: boolean): Record<string, string> {
  return { DELIVERY_WORKER: deliveryWorker && index === 0 ? "1" : "0" };
}

export interface PrimaryOptions {
  processes: number;
  deliveryWorker: boolean;
}

/**
 * Runs the primary process: starts the workers, replaces one that dies, and on SIGINT/SIGTERM
 * asks every worker to close gracefully and exits once they have (a second signal kills them).
 */
export function runPrimary({ processes, deliveryWorker }: PrimaryOptions): void {
  // The memory of the workers' rate limits (RateLimiterCluster in rate-limit.ts).
  new RateLimiterClusterMaster();
  let stopping = false;
  let restarts: number[] = [];

  const start = (index: number) => {
    const worker = cluster.fork(workerEnv(index, deliveryWorker));
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      const decision = nextRestart(restarts, Date.now());
      restarts = decision.recent;
      if (!decision.allowed) {
        console.error(
          `Server process ${index + 1} exited (${signal ?? code}); it has failed ${MAX_RESTARTS} times within a minute, so the server stops.`,
        );
        stop("A server process keeps failing", 1);
        return;
      }
      console.error(`Server process ${index + 1} exited (${signal ?? code}); starting another.`);
      start(index);
    });
  };

  const workers = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);

  const stop = (reason: string, code: number) => {
    if (stopping) {
      for (const worker of workers()) worker.process.kill("SIGKILL");
      process.exit(1);
    }
    stopping = true;
    console.log(`${reason}, closing ${workers().length} server processes`);
    const remaining = workers();
    if (remaining.length === 0) process.exit(code);
    let open = remaining.length;
    for (const worker of remaining) {
      worker.once("exit", () => {
        open -= 1;
        if (open === 0) process.exit(code);
      });
      worker.process.kill("SIGTERM");
    }
  };

  process.on("SIGINT", () => stop("SIGINT received", 0));
  process.on("SIGTERM", () => stop("SIGTERM received", 0));
  for (let index = 0; index < processes; index += 1) start(index);
  console.log(`Harbor Desk site: ${processes} server processes share the port`);
}
