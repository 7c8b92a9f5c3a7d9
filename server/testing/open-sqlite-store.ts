/**
 * `node open-sqlite-store.ts DATA_DIR AT_MS`: waits until the clock reads AT_MS, then opens
 * (and migrates) the SQLite lead store in DATA_DIR and closes it. Exits 0, or 1 printing why.
 * Several of these started together are the processes of a server opening a new database.
 */
import { openLeadStore } from "../leads/store/index.ts";

const [dataDir, at] = process.argv.slice(2);
if (!dataDir || !at) throw new Error("usage: open-sqlite-store.ts DATA_DIR AT_MS");
// A busy wait: a timer would let each process wake at its own moment.
while (Date.now() < Number(at)) {}
try {
  const store = await openLeadStore({ dataDir });
  await store.close();
} catch (error) {
  console.error(`${(error as Error).message}: ${String((error as Error).cause)}`);
  process.exit(1);
}
