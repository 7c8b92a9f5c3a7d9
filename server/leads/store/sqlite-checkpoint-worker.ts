/**
 * The checkpointer's thread (see sqlite-checkpointer.ts): its own connection to the database,
 * copying committed WAL pages into the database file on a timer. PASSIVE never waits for, or
 * blocks, the main thread's readers and writer.
 */
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";

const { path, intervalMs } = workerData as { path: string; intervalMs: number };
const db = new DatabaseSync(path);
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");

const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch (error) {
    // The main connection keeps committing; it takes checkpoints back when told.
    parentPort?.postMessage({ failed: String(error) });
  }
}, intervalMs);

parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
