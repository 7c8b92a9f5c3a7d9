/** Runs `work` over `items` with at most `limit` in flight, in order of start. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * A gate for one kind of work: `run(work)` starts `work` once fewer than `limit` of the gate's
 * are running, in the order they were asked for, and answers with what it answers. A failed
 * work lets the next one start, as a finished one does.
 */
export function createLimiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const done = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((start) => waiting.push(start));
    running += 1;
    try {
      return await work();
    } finally {
      done();
    }
  };
}
