/**
 * `npm run worker`: one delivery worker alone, on the store the environment selects. Run as
 * many as you like against one PostgreSQL database; they share the outbox safely.
 * SIGINT/SIGTERM: stop leasing, finish and record in-flight sends, close the store, exit 0.
 */
import { readFormDefinitions } from "../../src/forms/node.ts";
import { readLeadsConfig } from "../config.ts";
import { deliveryConfigFromEnv, jsonLogger, startDeliveryWorker } from "./delivery/index.ts";
import { siteAddress } from "./site-address.ts";
import { openLeadStore } from "./store/index.ts";

// Read by the server's rules (blank counts as unset), so that both find the same forms and
// the same store.
const { formsDir, store: storeConfig } = readLeadsConfig(process.env, process.cwd());
const fromEnv = deliveryConfigFromEnv(process.env);
const config = {
  ...fromEnv,
  publicBaseUrl: await siteAddress(fromEnv.publicBaseUrl, formsDir),
};
const forms = await readFormDefinitions(formsDir);
const store = await openLeadStore(storeConfig);
const worker = startDeliveryWorker({
  store,
  forms,
  config,
  log: jsonLogger,
  name: `worker-${process.pid}`,
});

if (!worker.enabled) {
  await store.close();
  process.exitCode = 1;
} else {
  let stopping = false;
  const shutdown = async () => {
    if (stopping) process.exit(1); // a second signal: leave at once
    stopping = true;
    await worker.stop();
    await store.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
