/** Entry point: `node server/main.ts` serves the build output and the API (see server/README.md). */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { runPrimary } from "./cluster.ts";
import { readServerConfig } from "./config.ts";
import { startServer } from "./node.ts";
import { openSiteApp } from "./open-app.ts";

async function main(): Promise<void> {
  const config = readServerConfig(process.env, process.cwd());
  if (config.processes > 1 && cluster.isPrimary) {
    runPrimary({ processes: config.processes, deliveryWorker: config.leads.deliveryWorker });
    return;
  }
  // The store is open and migrated before the port is: no lead is accepted that cannot be kept.
  const { app, leads } = await openSiteApp(config, process.env);
  const running = await startServer({
    app,
    port: config.port,
    host: config.host,
    csp: config.csp,
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now". In a cluster, Ctrl-C reaches the workers and the primary
      // passes it on as SIGTERM: that is one request to stop, and the primary kills on a second.
      if (cluster.isWorker) return;
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received, closing`);
    running
      .close()
      // In-flight submissions have been answered; the worker records its sends, then the store closes.
      .then(() => leads.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("Shutdown failed:", error);
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Announced only once a stop signal is handled: whoever waits for this line (a supervisor, a
  // test) may send SIGTERM at once, and before the handlers it would kill the process outright,
  // with no graceful close and no exit code.
  const missing = existsSync(config.root) ? "" : " (folder missing: run the build first)";
  console.log(`Harbor Desk site: serving ${config.root}${missing} at ${running.url}`);
}

main().catch((error: unknown) => {
  console.error(
    `Server failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
