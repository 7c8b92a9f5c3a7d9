/**
 * A prerender worker (render-pool.ts): imports the server bundle as soon as it starts, then
 * answers the pool's requests (render-requests.ts).
 */

import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { createRequestHandler } from "./render-requests.ts";
import type { ServerBundle } from "./render-route.ts";

const { serverBundle } = workerData as { serverBundle: string };
const handle = createRequestHandler(
  (await import(pathToFileURL(serverBundle).href)) as ServerBundle,
  (answer) => parentPort?.postMessage(answer),
);

parentPort?.on("message", handle);
