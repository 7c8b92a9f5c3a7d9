/**
 * A build that stays running and rebuilds incrementally whenever the content changes
 * (`npm run build -- --watch`): what someone editing posts and pages waits for after each save.
 *
 * Each rebuild is the same incremental build a new process runs (build-cache.ts: only the
 * routes whose inputs changed are rendered, and the output is the bytes a full build writes),
 * but in a process whose build code is loaded and optimised and whose memory is already
 * there. After editing one post of 10,000 on a 2-core Zen 3, a new process took 2.2-2.9 s from
 * start to exit, most of the difference being loading the code and faulting in fresh memory;
 * a rebuild here is measured by `npm run bench:build -- --incremental`.
 *
 * A broken save (invalid front matter, a link to a missing page) fails that rebuild only: the
 * output keeps the last good build, the error names file and field, and the next save builds
 * again. A change to the build's own code cannot be picked up by a running process: the
 * rebuild fails with BuildCodeChangedError, and the caller stops.
 */
import { type FSWatcher, readdirSync, statSync, watch } from "node:fs";
import { join, sep } from "node:path";
import { type BuildOptions, type BuildReport, buildSite } from "./build-site.ts";
import { createRebuildQueue } from "./rebuild-queue.ts";
import { createSpareOgChild } from "./spare-og-child.ts";

/**
 * How long the content must be quiet before a rebuild (ms): an editor's save is a few events
 * within a millisecond or two; a script rewriting many files is a burst.
 */
export const WATCH_SETTLE_MS = 40;

export interface WatchHooks {
  /** A build finished: the first, then each rebuild. */
  onBuilt(report: BuildReport): void;
  /** A build failed; the output keeps the last good build. */
  onFailed(error: unknown): void;
}

export interface WatchingBuild {
  /**
   * Settles once the first build has finished or failed (and any rebuild for saves made
   * meanwhile).
   */
  ready: Promise<void>;
  /** Stops watching; settles once a running rebuild has finished. */
  stop(): Promise<void>;
}

/** Files an editor or the system writes beside the content that are not content. */
function isContentChange(name: string): boolean {
  const base = name.slice(name.lastIndexOf("/") + 1);
  return !(base.startsWith(".") || base.endsWith("~") || base.endsWith(".swp"));
}

/**
 * Watches `root` and every folder under it, one watch per folder (inotify on Linux), calling
 * `changed` with the name of each entry created, written, renamed or deleted. Node's own
 * recursive watch keeps a record of every file and stats the tree again on events: with
 * 10,000 posts that was 0.9 s of the build's thread to start and 0.1 s per save, in the middle
 * of the rebuild it set off. A folder created later is watched from its first event, and one
 * deleted and made again is watched afresh.
 */
export function watchFolders(
  root: string,
  changed: (name: string) => void,
  failed: (error: unknown) => void,
): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  /** Stops watching `folder` and every folder under it. */
  const closeTree = (folder: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched === folder || watched.startsWith(`${folder}${sep}`)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };
  /**
   * An event named `entry`: a folder made, deleted or renamed there is watched afresh (a
   * folder deleted and made again is another folder, which the old watch would not hear).
   */
  const folderChanged = (entry: string) => {
    const known = watchers.has(entry);
    const folderNow = isFolder(entry);
    if (!known && !folderNow) return; // A file: nothing to watch.
    closeTree(entry);
    if (!folderNow) return;
    try {
      watchTree(entry);
    } catch (error) {
      // Gone again already: its parent hears that too.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") failed(error);
    }
  };
  const watchFolder = (folder: string) => {
    const watcher = watch(folder, (_event, name) => {
      const entry = name === null ? folder : join(folder, name);
      if (name !== null) folderChanged(entry);
      changed(entry);
    });
    watcher.on("error", (error: NodeJS.ErrnoException) => {
      // The folder itself was deleted or renamed away: its parent saw that, and it has no
      // watch left to keep. Anything else is worth saying.
      watcher.close();
      if (watchers.get(folder) === watcher) watchers.delete(folder);
      if (error.code !== "ENOENT" && error.code !== "EPERM") failed(error);
    });
    watchers.set(folder, watcher);
  };
  const watchTree = (folder: string) => {
    watchFolder(folder);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) watchTree(join(folder, entry.name));
    }
  };
  watchTree(root);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // Gone already.
  }
}

export function watchBuild(options: BuildOptions, hooks: WatchHooks): WatchingBuild {
  // Each build leaves an Open Graph card child warm for the next (spare-og-child.ts).
  const spareOgChild = options.spareOgChild ?? createSpareOgChild();
  const buildOptions: BuildOptions = {
    ...options,
    incremental: true,
    keepInMemory: true,
    spareOgChild,
  };
  const buildOnce = async () => {
    try {
      hooks.onBuilt(await buildSite(buildOptions));
    } catch (error) {
      hooks.onFailed(error);
      throw error;
    }
  };
  const queue = createRebuildQueue(buildOnce, { settleMs: WATCH_SETTLE_MS });
  // Watched before the first build starts, so that a save during it builds again after it.
  const watcher = watchFolders(
    options.contentDir,
    (name) => {
      if (isContentChange(name)) queue.changed();
    },
    hooks.onFailed,
  );
  queue.changed();
  const ready = queue.idle();

  return {
    ready,
    async stop() {
      watcher.close();
      await queue.stop();
      spareOgChild.discard();
    },
  };
}
