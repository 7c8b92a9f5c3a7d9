/** A prerender worker: receives batches of routes, writes their files, answers with sizes. */

import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { createRouteRenderer, type RenderShared, type ServerBundle } from "./render-route.ts";
import type { Route } from "./routes.ts";

const { shared, serverBundle } = workerData as { shared: RenderShared; serverBundle: string };
const bundle = (await import(pathToFileURL(serverBundle).href)) as ServerBundle;
const render = createRouteRenderer(shared, bundle);

parentPort?.on("message", (routes: Route[]) => {
  try {
    parentPort?.postMessage({ ok: true, stats: routes.map(render) });
  } catch (error) {
    parentPort?.postMessage({ ok: false, error: (error as Error).stack ?? String(error) });
  }
});
