/**
 * What a prerender thread does with each request from the pool (render-pool.ts), wherever it
 * runs: in a worker (render-thread.ts) or in the build's own thread (render-here.ts). Bodies to
 * render ahead, and HTML another thread rendered ahead, go to its Markdown memo; the site-wide
 * inputs make its route renderer; a batch of routes is rendered, written, and answered with
 * their stats.
 */

import { renderMarkdown } from "./markdown.ts";
import { createMarkdownMemo } from "./markdown-memo.ts";
import { routeFolders } from "./output-record.ts";
import type { WorkerAnswer, WorkerRequest } from "./render-pool.ts";
import { createRouteRenderer, type RenderedRoute, type ServerBundle } from "./render-route.ts";
import type { Route } from "./routes.ts";
import { makeFolders, writes } from "./write-output.ts";

/** Handles the pool's requests in order, answering through `answer`. */
export function createRequestHandler(
  bundle: ServerBundle,
  answer: (message: WorkerAnswer) => void,
): (request: WorkerRequest) => void {
  let sendBack = false;
  const memo = createMarkdownMemo(renderMarkdown, (html) => {
    if (sendBack) answer({ kind: "prepared", html });
  });
  let render: ((route: Route) => RenderedRoute) | Error = new Error(
    "Routes arrived before the render inputs.",
  );
  return (request) => {
    switch (request.kind) {
      case "prepare":
        sendBack = request.sendBack;
        memo.prepare(request.bodies);
        return;
      case "offer":
        request.bodies.forEach((body, index) => {
          memo.offer(body, request.html[index] as string);
        });
        return;
      case "setup":
        writes.onlyChanged = request.mode.onlyChanged;
        writes.overwrite = request.mode.overwrite;
        try {
          render = createRouteRenderer(request.shared, bundle, memo.render);
        } catch (error) {
          // Answered with the first batch, like any failure to render it.
          render = error as Error;
        }
        return;
      case "render":
        answer(renderBatch(request.routes));
        return;
      case "folders":
        makeFolders(routeFolders(request.outDir, request.paths));
        return;
      case "loadPosts":
        // Answered by the worker's entry as soon as it arrives (render-thread.ts), not here.
        return;
    }
  };

  function renderBatch(routes: Route[]): WorkerAnswer {
    // From here on a body not rendered yet is rendered with its page, by whichever thread gets
    // it; rendering ahead would now only delay the routes.
    memo.stop();
    // The batch's files are counted in its answer, not in this thread's count: in the build's
    // own thread that count is the prerender's, which adds the answers' to it.
    const before = writes.count;
    try {
      if (render instanceof Error) throw render;
      const stats = routes.map(render);
      return {
        kind: "rendered",
        stats,
        written: writes.count - before,
        markdown: { ...memo.counts },
      };
    } catch (error) {
      return { kind: "failed", error: (error as Error).stack ?? String(error) };
    } finally {
      writes.count = before;
    }
  }
}
