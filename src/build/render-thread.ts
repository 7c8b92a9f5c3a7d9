/**
 * A prerender worker (render-workers.ts, render-pool.ts). It loads the render code as soon as it
 * starts, which may be before the build knows where the server bundle is: the pool's first
 * message says (WorkerStart), and the requests after it (render-requests.ts) wait for the
 * bundle to load.
 */

import { pathToFileURL } from "node:url";
import { parentPort } from "node:worker_threads";
import type { WorkerAnswer, WorkerRequest, WorkerStart } from "./render-pool.ts";
import { createRequestHandler } from "./render-requests.ts";
import type { ServerBundle } from "./render-route.ts";

const port = parentPort;
if (!port) throw new Error("render-thread.ts runs as a worker thread only.");

// What every server bundle imports from node_modules (a server build leaves them external),
// loaded while the build is still loading its code and restoring the bundle: the worker waited
// for the bundle's path with nothing to do. The bundle then finds these loaded.
const reactLoaded = Promise.all([import("react"), import("react-dom/server")]);
// The content code, for posts the pool may ask this worker to load while the build's thread
// loads others: loaded now, while there is nothing else to do.
const contentLoaded = import("./content.ts");
contentLoaded.catch(() => {});

let handle: ((request: WorkerRequest) => void) | null = null;
const answer = (message: WorkerAnswer) => port.postMessage(message);
const waiting: WorkerRequest[] = [];

port.on("message", (message: WorkerStart | WorkerRequest) => {
  if (message.kind === "load") {
    reactLoaded
      .catch(() => {})
      .then(() => import(pathToFileURL(message.serverBundle).href))
      .then(
        (bundle: ServerBundle) => {
          const ready = createRequestHandler(bundle, answer);
          for (const request of waiting.splice(0)) ready(request);
          handle = ready;
        },
        (error: unknown) => {
          // Thrown outside the promise, so that the worker fails with it and the pool hears it
          // (its 'error' event), as when the bundle was imported at the top of this module.
          setImmediate(() => {
            throw error;
          });
        },
      );
  } else if (message.kind === "loadPosts") {
    // At once, not after the server bundle: the build's thread is loading the other posts.
    contentLoaded.then(
      ({ loadPostsOf }) => answer({ kind: "posts", answer: loadPostsOf(message.request) }),
      (error: unknown) => answer({ kind: "posts", answer: { error: String(error) } }),
    );
  } else if (handle) {
    handle(message);
  } else {
    waiting.push(message);
  }
});
