/**
 * WAL checkpoints off the event loop. `DatabaseSync` runs on the main thread, and SQLite's
 * automatic checkpoint runs inside whichever COMMIT pushes the WAL past 1,000 pages: that
 * commit copies megabytes into the database file and fsyncs it while every request waits (the
 * 500/s benchmark's p99 was hundreds of ms from exactly this). Here the main connection turns
 * automatic checkpoints off and a worker thread with its own connection checkpoints on a timer.
 * If that thread fails, the main connection takes automatic checkpoints back, so the WAL
 * never grows without bound.
 */
import { Worker } from "node:worker_threads";

export interface Checkpointer {
  /** Stops the thread and closes its connection (before the main connection closes). */
  stop(): Promise<void>;
}

/** How often the thread checkpoints; a few hundred ms keeps the WAL to a few MB at full load. */
export const CHECKPOINT_INTERVAL_MS = 250;

export function startCheckpointer(options: {
  path: string;
  intervalMs?: number;
  /** Called once if the thread fails: the caller restores automatic checkpoints. */
  onFailure: (reason: string) => void;
}): Checkpointer {
  const worker = new Worker(new URL("./sqlite-checkpoint-worker.ts", import.meta.url), {
    workerData: { path: options.path, intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS },
  });
  // A background helper must not keep the process alive on its own.
  worker.unref();
  let stopping = false;
  let failed = false;
  const fail = (reason: string) => {
    if (failed || stopping) return;
    failed = true;
    options.onFailure(reason);
  };
  worker.on("message", (message: { failed?: string }) => {
    if (message.failed) fail(message.failed);
  });
  worker.on("error", (error) => fail(error.message));
  worker.on("exit", (code) => fail(`checkpoint thread exited (${code})`));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      // Whoever awaits the stop must see it: keep the process alive until the thread exits.
      worker.ref();
      worker.postMessage("stop");
      return exited;
    },
  };
}
