/**
 * What a prerender thread does with each request from the pool (render-pool.ts), wherever it
 * runs: in a worker (render-thread.ts) or in the build's own thread (render-here.ts). Bodies to
 * render ahead go to its Markdown memo; the site-wide inputs make its route renderer; a batch of
 * routes is rendered, written, and answered with their stats.
 */
import { createMarkdownMemo } from "./markdown-memo.ts";
import type { WorkerAnswer, WorkerRequest } from "./render-pool.ts";
import { createRouteRenderer, type RenderedRoute, type ServerBundle } from "./render-route.ts";
import type { Route } from "./routes.ts";
import { writes } from "./write-output.ts";

/** Answers a request: a batch with its stats or its failure; nothing for the others. */
export function createRequestHandler(
  bundle: ServerBundle,
): (request: WorkerRequest) => WorkerAnswer | undefined {
  const memo = createMarkdownMemo();
  let render: ((route: Route) => RenderedRoute) | Error = new Error(
    "Routes arrived before the render inputs.",
  );
  return (request) => {
    if (request.kind === "prepare") {
      memo.prepare(request.bodies);
      return undefined;
    }
    if (request.kind === "setup") {
      writes.onlyChanged = request.onlyChanged;
      try {
        render = createRouteRenderer(request.shared, bundle, memo.render);
      } catch (error) {
        // Answered with the first batch, like any failure to render it.
        render = error as Error;
      }
      return undefined;
    }
    // From here on a body not rendered yet is rendered with its page, by whichever thread gets
    // it; rendering ahead would now only delay the routes.
    memo.stop();
    // The batch's files are counted in its answer, not in this thread's count: in the build's
    // own thread that count is the prerender's, which adds the answers' to it.
    const before = writes.count;
    try {
      if (render instanceof Error) throw render;
      const stats = request.routes.map(render);
      return { ok: true, stats, written: writes.count - before, markdown: { ...memo.counts } };
    } catch (error) {
      return { ok: false, error: (error as Error).stack ?? String(error) };
    } finally {
      writes.count = before;
    }
  };
}
