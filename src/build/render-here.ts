/**
 * The build's own thread as one of the pool's render threads (render-pool.ts). It imports the
 * server bundle when the pool starts and answers the pool's requests like a worker
 * (render-requests.ts), one at a time, a turn of the event loop apart: between two batches it
 * hands on the workers' answers and the images' callbacks.
 */
import { pathToFileURL } from "node:url";
import type { RenderThread, WorkerAnswer } from "./render-pool.ts";
import { createRequestHandler } from "./render-requests.ts";
import type { ServerBundle } from "./render-route.ts";

export function renderInThisThread(serverBundle: string): RenderThread {
  const handler = import(pathToFileURL(serverBundle).href).then((bundle) =>
    createRequestHandler(bundle as ServerBundle),
  );
  let listener: ((answer: WorkerAnswer) => void) | null = null;
  let stopped = false;
  // Requests are handled in order, each after the one before.
  let queue: Promise<unknown> = handler;
  const failed = handler.then(() => new Promise<never>(() => {}));
  // Heard by the pool once it renders; a bundle that fails to load must not fail the process.
  failed.catch(() => {});
  return {
    postMessage(request) {
      queue = queue.then(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        if (stopped) return;
        const answer = (await handler)(request);
        if (answer) listener?.(answer);
      });
      // A failed import fails the render through `failed`.
      queue.catch(() => {});
    },
    onAnswer(next) {
      listener = next;
    },
    failed,
    stop: async () => {
      stopped = true;
    },
  };
}
