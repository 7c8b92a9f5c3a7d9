/**
 * The build's own thread as one of the pool's render threads (render-pool.ts). It imports the
 * server bundle when the pool starts and handles the pool's requests like a worker
 * (render-requests.ts), one at a time, a turn of the event loop apart: between two batches it
 * hands on the workers' answers and the images' callbacks.
 */
import { pathToFileURL } from "node:url";
import type { RenderThread, WorkerAnswer, WorkerRequest } from "./render-pool.ts";
import { createRequestHandler } from "./render-requests.ts";
import type { ServerBundle } from "./render-route.ts";

export function renderInThisThread(serverBundle: string): RenderThread {
  let listener: ((answer: WorkerAnswer) => void) | null = null;
  let stopped = false;
  const handler = import(pathToFileURL(serverBundle).href).then((bundle) =>
    createRequestHandler(bundle as ServerBundle, (answer) => listener?.(answer)),
  );
  // Rejected when the bundle cannot be loaded, or when handling a request throws (in the pool's
  // listener, say): the render fails with that error rather than wait for an answer.
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  // Heard by the pool once it renders; until then a failure must not fail the process.
  failed.catch(() => {});
  // Requests are handled in order, each after the one before.
  let queue: Promise<unknown> = handler.catch((error) => {
    stopped = true;
    fail(error);
  });
  return {
    postMessage(request: WorkerRequest) {
      queue = queue
        .then(async () => {
          await new Promise((resolve) => setImmediate(resolve));
          if (!stopped) (await handler)(request);
        })
        .catch((error) => {
          stopped = true;
          fail(error);
        });
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
