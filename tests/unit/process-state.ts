/**
 * Whether a child process a test started is still there, for tests of the build's helper
 * processes (the card children kept warm or discarded). A child that ended is reaped by this
 * process's event loop, so its id stops answering soon after.
 */

/** Whether a process with this id runs; false for no id. */
export function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once no process has this id. */
export async function exited(pid: number | undefined): Promise<void> {
  while (isRunning(pid)) await new Promise((done) => setTimeout(done, 20));
}
