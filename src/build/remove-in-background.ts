import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { constants, setPriority } from "node:os";

/**
 * Deletes folders in a child process at the lowest CPU priority and answers when they are gone.
 *
 * The build hands it the previous output once it has written the new one (site-build.ts):
 * deleting a 10,000-post output (46,000 files, 0.8 s of CPU) while the build ran slowed the
 * build by 0.4–0.5 s even at this priority, and starting it at the end and waiting would add
 * its whole 0.8 s. So the child is detached and the answer only comes to a process that is
 * still there: the build's process may end first, as `bazel clean --async` does. If the child
 * cannot do it, the folders are deleted here by a process that is still there, and otherwise
 * by the next build, which deletes whatever an earlier one set aside.
 */
export function removeInBackground(folders: readonly string[]): Promise<void> {
  if (folders.length === 0) return Promise.resolve();
  const removeHere = () =>
    Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))).then(
      () => {},
    );
  return new Promise<void>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "-e",
        'for (const f of process.argv.slice(1)) require("node:fs").rmSync(f, { recursive: true, force: true })',
        ...folders,
      ],
      // Its own process group, so a Ctrl-C that stops the build does not stop the clean-up.
      { stdio: "ignore", detached: true },
    );
    child.unref();
    child.once("spawn", () => {
      try {
        if (child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_LOW);
      } catch {
        // Some systems refuse; the deletion then runs at normal priority.
      }
    });
    child.once("error", () => resolve(removeHere()));
    child.once("exit", (code) => resolve(code === 0 ? undefined : removeHere()));
  });
}
