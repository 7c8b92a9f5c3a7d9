/**
 * The rebuild helper's thread (rebuild-helper.ts): the work of an incremental rebuild that
 * needs nothing from the content, done on the core the build's own thread leaves idle while it
 * loads the content and keys the routes.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { routeFiles } from "./output-record.ts";
import type { HelperAnswer, HelperRequest, HelperStart } from "./rebuild-helper.ts";
import {
  createSearchIndex,
  loadEntries,
  type PreparedSearchIndex,
  prepareSearchIndex,
  type SearchEntry,
  saveEntries,
} from "./search-index.ts";

const port = parentPort;
if (!port) throw new Error("rebuild-helper-thread.ts runs as a worker thread only.");
const start = workerData as HelperStart;
const answer = (message: HelperAnswer) => port.postMessage(message);

// The search entries the last build kept, the largest file it kept. Unreadable (damaged
// since), every page must be rendered again to be indexed: all count as missing below.
const previousEntries = start.searching ? loadEntries(start.cacheDir) : null;
const entriesLost = start.searching && previousEntries === null;
answer({
  kind: "missing",
  paths: entriesLost
    ? start.previousPaths
    : start.previousPaths.filter((path) =>
        routeFiles(path).some((file) => !existsSync(join(start.outDir, file))),
      ),
});

let prepared: PreparedSearchIndex | null = null;

/** The index with the rendered pages' changes: from the prepared one when it takes them. */
function writeIndex(changes: Map<string, SearchEntry | null>, paths: string[]) {
  if (prepared?.takes(changes, paths)) {
    const { filesWritten } = prepared.write(start.outDir, changes);
    return { filesWritten, entries: { json: prepared.entriesJson() } };
  }
  const search = createSearchIndex(previousEntries ?? undefined);
  for (const [path, entry] of changes) search.set(path, entry);
  const { filesWritten } = search.write(start.outDir, paths);
  return { filesWritten, entries: search.entries() };
}
port.on("message", (request: HelperRequest) => {
  if (request.kind === "routes") {
    if (previousEntries) prepared = prepareSearchIndex(previousEntries, request.paths);
    return;
  }
  const { filesWritten, entries } = writeIndex(new Map(request.changes), request.paths);
  // The build's thread saves its own records meanwhile, and its state only after these.
  answer({ kind: "searched", filesWritten });
  saveEntries(start.cacheDir, entries);
  answer({ kind: "saved" });
});
