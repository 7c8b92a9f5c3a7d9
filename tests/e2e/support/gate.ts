/**
 * A gate a test opens when it is ready: a response held on `opened` (a fault's `holdUntil`, a
 * `page.route` handler) waits for the test's own pace instead of racing a delay.
 */
export interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

export function createGate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
