/**
 * A prerender worker (render-pool.ts): imports the server bundle as soon as it starts, takes
 * the site-wide inputs, then batches of routes; writes their files and answers with sizes.
 */

import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerAnswer, WorkerRequest } from "./render-pool.ts";
import { createRouteRenderer, type RenderedRoute, type ServerBundle } from "./render-route.ts";
import type { Route } from "./routes.ts";
import { writes } from "./write-output.ts";

const { serverBundle } = workerData as { serverBundle: string };
const bundle = (await import(pathToFileURL(serverBundle).href)) as ServerBundle;
let render: ((route: Route) => RenderedRoute) | Error = new Error(
  "Routes arrived before the render inputs.",
);

parentPort?.on("message", (request: WorkerRequest) => {
  if (request.kind === "setup") {
    writes.onlyChanged = request.onlyChanged;
    try {
      render = createRouteRenderer(request.shared, bundle);
    } catch (error) {
      // Answered with the first batch, like any failure to render it.
      render = error as Error;
    }
    return;
  }
  try {
    if (render instanceof Error) throw render;
    writes.count = 0;
    const stats = request.routes.map(render);
    parentPort?.postMessage({ ok: true, stats, written: writes.count } satisfies WorkerAnswer);
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      error: (error as Error).stack ?? String(error),
    } satisfies WorkerAnswer);
  }
});
