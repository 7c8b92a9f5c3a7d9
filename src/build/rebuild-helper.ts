/**
 * A worker thread for an incremental build that reuses the last one's output (site-build.ts),
 * doing what needs nothing from the content on the core the build's own thread leaves idle
 * while it loads the content and keys the routes (rebuild-helper-thread.ts):
 *
 * - which of the last build's routes lost a file since (two existence checks per route: 0.17 s
 *   at 10,000 posts on the build's thread), and so must be rendered again;
 * - the search index: the entries the last build kept are read while the content loads, the
 *   index of the new routes is prepared from them while the build renders
 *   (prepareSearchIndex), and once the rendered pages' entries are known, they are applied,
 *   the index written and the entries saved (0.25 s of the build's thread, most of it reading
 *   and saving the entries, when this thread was not there; 0.13 s of waiting for it at the
 *   end of a 10,000-post rebuild, until it prepared the index).
 */
import { Worker } from "node:worker_threads";
import type { SearchEntry, SearchIndexWriter } from "./search-index.ts";

/** What the helper starts from (its workerData). */
export interface HelperStart {
  outDir: string;
  /** The build cache's folder (build-cache.ts), where the search entries are kept. */
  cacheDir: string;
  /** The routes the last build wrote. */
  previousPaths: string[];
  /** Whether the build indexes its pages for search. */
  searching: boolean;
}
/**
 * Every route in order, once the build has derived them (the index is prepared meanwhile);
 * then the rendered pages' search entries (null: no longer searched) and the routes again.
 */
export type HelperRequest =
  | { kind: "routes"; paths: string[] }
  | { kind: "finish"; changes: [string, SearchEntry | null][]; paths: string[] };
export type HelperAnswer =
  | { kind: "missing"; paths: string[] }
  | { kind: "searched"; filesWritten: number }
  | { kind: "saved" };

export interface RebuildHelper {
  /**
   * The last build's routes to render again: those whose HTML or page-data file is no longer
   * in the output; all of them when the search entries it kept cannot be read.
   */
  missing: Promise<ReadonlySet<string>>;
  /**
   * The search index: the rendered pages' entries are kept here until `finish`, which hands
   * them to the helper to write with the last build's entries for the others.
   */
  search: SearchIndexWriter;
  /** Stops the thread (done, or the build failed). */
  close(): Promise<void>;
}

export function startRebuildHelper(start: HelperStart): RebuildHelper {
  const worker = new Worker(new URL("./rebuild-helper.mjs", import.meta.url), {
    workerData: start,
  });
  // Whatever it fails at (a file it cannot read or write), the build fails with it: every
  // answer races this. Unreadable search entries are not a failure (rebuild-helper-thread.ts).
  const failed = new Promise<never>((_, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => {
      reject(new Error(`The rebuild helper stopped with exit code ${code}.`));
    });
  });
  failed.catch(() => {});
  const answerOf = <K extends HelperAnswer["kind"]>(kind: K) =>
    Promise.race([
      new Promise<Extract<HelperAnswer, { kind: K }>>((resolve) => {
        const hear = (message: HelperAnswer) => {
          if (message.kind !== kind) return;
          worker.off("message", hear);
          resolve(message as Extract<HelperAnswer, { kind: K }>);
        };
        worker.on("message", hear);
      }),
      failed,
    ]);
  const missing = answerOf("missing").then(({ paths }) => new Set(paths));
  missing.catch(() => {});
  const changes = new Map<string, SearchEntry | null>();
  return {
    missing,
    search: {
      routes(paths) {
        worker.postMessage({ kind: "routes", paths: [...paths] } satisfies HelperRequest);
      },
      set(path, entry) {
        changes.set(path, entry);
      },
      finish(paths) {
        // Both are awaited once the build's thread has saved its own records: a failure
        // meanwhile must not count as unhandled.
        const filesWritten = answerOf("searched").then((answer) => answer.filesWritten);
        const saved = answerOf("saved").then(() => {});
        filesWritten.catch(() => {});
        saved.catch(() => {});
        worker.postMessage({
          kind: "finish",
          changes: [...changes],
          paths: [...paths],
        } satisfies HelperRequest);
        return { filesWritten, saved };
      },
    },
    async close() {
      await worker.terminate();
    },
  };
}
