/**
 * A prerender worker (render-pool.ts): imports the server bundle as soon as it starts; may take
 * Markdown bodies to render while it waits (markdown-memo.ts); then takes the site-wide inputs
 * and batches of routes, writes their files and answers with sizes.
 */

import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { createMarkdownMemo } from "./markdown-memo.ts";
import type { WorkerAnswer, WorkerRequest } from "./render-pool.ts";
import { createRouteRenderer, type RenderedRoute, type ServerBundle } from "./render-route.ts";
import type { Route } from "./routes.ts";
import { writes } from "./write-output.ts";

const { serverBundle } = workerData as { serverBundle: string };
const bundle = (await import(pathToFileURL(serverBundle).href)) as ServerBundle;
const memo = createMarkdownMemo();
let render: ((route: Route) => RenderedRoute) | Error = new Error(
  "Routes arrived before the render inputs.",
);

parentPort?.on("message", (request: WorkerRequest) => {
  if (request.kind === "prepare") {
    memo.prepare(request.bodies);
    return;
  }
  if (request.kind === "setup") {
    writes.onlyChanged = request.onlyChanged;
    try {
      render = createRouteRenderer(request.shared, bundle, memo.render);
    } catch (error) {
      // Answered with the first batch, like any failure to render it.
      render = error as Error;
    }
    return;
  }
  // From here on a body not rendered yet is rendered with its page, by whichever worker gets
  // it; rendering ahead would now only delay the routes.
  memo.stop();
  try {
    if (render instanceof Error) throw render;
    writes.count = 0;
    const stats = request.routes.map(render);
    parentPort?.postMessage({
      ok: true,
      stats,
      written: writes.count,
      markdown: { ...memo.counts },
    } satisfies WorkerAnswer);
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      error: (error as Error).stack ?? String(error),
    } satisfies WorkerAnswer);
  }
});
