/** The child process that builds Vite's bundles (bundles.ts says why it is a process). */
import { type BundleJob, buildBundles } from "./bundles.ts";

const job = JSON.parse(process.argv[2] ?? "{}") as BundleJob;
const send = (message: unknown) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));
try {
  const manifest = await buildBundles(job, (line) => void send({ log: line }));
  await send({ manifest });
  // Sent: nothing of Vite's (its worker threads, watchers) may keep the process alive.
  process.exit(0);
} catch (error) {
  await send({ error: (error as Error).stack ?? String(error) });
  process.exit(1);
}
