/** A prerender worker: receives batches of routes, writes their files, answers with sizes. */

import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerAnswer } from "./prerender.ts";
import { createRouteRenderer, type RenderShared, type ServerBundle } from "./render-route.ts";
import type { Route } from "./routes.ts";
import { writes } from "./write-output.ts";

const { shared, serverBundle, onlyChanged } = workerData as {
  shared: RenderShared;
  serverBundle: string;
  /** An incremental build: leave files whose bytes are unchanged alone (write-output.ts). */
  onlyChanged: boolean;
};
writes.onlyChanged = onlyChanged;
const bundle = (await import(pathToFileURL(serverBundle).href)) as ServerBundle;
const render = createRouteRenderer(shared, bundle);

parentPort?.on("message", (routes: Route[]) => {
  try {
    writes.count = 0;
    const stats = routes.map(render);
    parentPort?.postMessage({ ok: true, stats, written: writes.count } satisfies WorkerAnswer);
  } catch (error) {
    parentPort?.postMessage({ ok: false, error: (error as Error).stack ?? String(error) });
  }
});
