import { StoreUnavailableError } from "../store/types.ts";

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

/** `promise`, or a TimeoutError after `ms`. The promise keeps running; its late result is dropped. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether a store call's error means the store could not be reached or did not answer in time
 * (503: try again), not a fault of ours (500).
 */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof StoreUnavailableError || error instanceof TimeoutError;
}
