/** Runs a task when the browser is idle (at the latest after `timeoutMs`), never during a render. */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 1);
}
