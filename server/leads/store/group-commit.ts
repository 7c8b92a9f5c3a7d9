/**
 * Group commit: concurrent callers share one transaction. A burst of N inserts costs one
 * BEGIN…COMMIT (one fsync) instead of N, which is what lets a single disk acknowledge
 * thousands of durable leads per second.
 *
 * Items queue until `maxWaitMs` has passed since the first one or `maxBatch` are waiting;
 * then `run` commits them together. Every caller's promise settles only after `run` has
 * resolved (its COMMIT returned); when `run` throws, every caller of that batch is rejected,
 * unless the error may be one item's (`isItemFault`): then each item runs again alone.
 * `run` may also settle items one by one (a per-item Error rejects that caller alone).
 */
export interface GroupCommitOptions<T, R> {
  /** Commits one batch; returns one result (or Error) per item, in order. */
  run: (items: T[]) => Promise<Array<R | Error>>;
  /** Longest an item waits for company before its batch starts. */
  maxWaitMs: number;
  /** A batch starts at once when this many are queued. */
  maxBatch: number;
  /** Batches allowed in flight at once (1 for SQLite; a few for a PostgreSQL pool). */
  maxConcurrent: number;
  /**
   * Whether a batch's error may be one item's fault (a value the database refuses) rather than
   * the database's: such a batch of several is run again one item at a time, so that one bad
   * item fails alone instead of every caller committed with it.
   */
  isItemFault?: (error: unknown) => boolean;
}

interface Pending<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<T, R> {
  readonly #options: GroupCommitOptions<T, R>;
  #queue: Array<Pending<T, R>> = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running = 0;
  #idle: Array<() => void> = [];

  constructor(options: GroupCommitOptions<T, R>) {
    this.#options = options;
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  /** Resolves once nothing is queued or in flight. */
  drain(): Promise<void> {
    if (this.#queue.length === 0 && this.#running === 0) return Promise.resolve();
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
      this.#start();
    }
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #schedule(): void {
    if (this.#running >= this.#options.maxConcurrent) return; // the running batch picks it up
    if (this.#queue.length >= this.#options.maxBatch) {
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = null;
      this.#start();
      return;
    }
    if (!this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#start();
      }, this.#options.maxWaitMs);
    }
  }

  #start(): void {
    if (this.#queue.length === 0) {
      this.#settleIdle();
      return;
    }
    const batch = this.#queue.splice(0, this.#options.maxBatch);
    this.#running += 1;
    let results: Promise<Array<R | Error>>;
    try {
      results = this.#options.run(batch.map((entry) => entry.item));
    } catch (error) {
      results = Promise.reject(error);
    }
    const settle = (entries: Array<Pending<T, R>>, values: Array<R | Error>) => {
      entries.forEach((entry, index) => {
        const value = values[index];
        if (value instanceof Error) entry.reject(value);
        else if (value === undefined) entry.reject(new Error("group commit: no result for item"));
        else entry.resolve(value);
      });
    };
    results
      .then(
        (values) => settle(batch, values),
        (error: unknown) => {
          if (batch.length > 1 && this.#options.isItemFault?.(error)) {
            return Promise.all(
              batch.map((entry) =>
                Promise.resolve()
                  .then(() => this.#options.run([entry.item]))
                  .then(
                    (values) => settle([entry], values),
                    (itemError: unknown) => entry.reject(itemError),
                  ),
              ),
            );
          }
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        this.#running -= 1;
        // Whatever queued while this batch committed has already waited: start it at once.
        if (this.#queue.length > 0) {
          if (this.#timer) clearTimeout(this.#timer);
          this.#timer = null;
          this.#start();
        } else this.#settleIdle();
      });
  }

  #settleIdle(): void {
    if (this.#queue.length > 0 || this.#running > 0) return;
    const waiters = this.#idle;
    this.#idle = [];
    for (const resolve of waiters) resolve();
  }
}
