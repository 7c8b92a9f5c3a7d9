/**
 * Keeps the worker under the CRM's rate limit. A token bucket refills at `maxPer10s` per
 * 10 s and holds at most `burst` tokens, so any 10 s window sees at most maxPer10s + burst
 * requests (40 + 4 by default, under HubSpot's 50). On a 429 every sender pauses: first for
 * one window (or Retry-After, if longer), doubling on each further 429 up to `maxPauseMs`
 * (HubSpot blocks an address for a minute after repeated 429s, so hammering only lengthens
 * the block); a success resets the pause. No pause is longer than `maxPauseMs`, whatever
 * Retry-After asks: one answer must not stop every send for a day.
 */
import { HUBSPOT_BLOCK_MS, HUBSPOT_RATE_WINDOW_MS, MAX_TIMER_MS } from "./constants.ts";

export interface PacerOptions {
  maxPer10s: number;
  /** Tokens the bucket holds (default a tenth of maxPer10s, at least 1). */
  burst?: number;
  /** First pause after a 429 (default one 10 s window). */
  pauseMs?: number;
  /** Longest pause (default HubSpot's one-minute block). */
  maxPauseMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class Pacer {
  readonly #ratePerMs: number;
  readonly #burst: number;
  readonly #basePause: number;
  readonly #maxPause: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  #tokens: number;
  #last: number;
  #pausedUntil = 0;
  #pause: number;

  constructor(options: PacerOptions) {
    if (!(options.maxPer10s > 0)) throw new Error("maxPer10s must be positive");
    this.#ratePerMs = options.maxPer10s / HUBSPOT_RATE_WINDOW_MS;
    this.#burst = Math.max(1, options.burst ?? Math.floor(options.maxPer10s / 10));
    this.#basePause = options.pauseMs ?? HUBSPOT_RATE_WINDOW_MS;
    this.#maxPause = options.maxPauseMs ?? HUBSPOT_BLOCK_MS;
    this.#pause = this.#basePause;
    this.#now = options.now ?? Date.now;
    // take() looks again after waking, so a wait cut to what setTimeout holds is only split.
    this.#sleep =
      options.sleep ??
      ((ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_TIMER_MS))));
    this.#tokens = this.#burst;
    this.#last = this.#now();
  }

  #refill(): number {
    const now = this.#now();
    this.#tokens = Math.min(this.#burst, this.#tokens + (now - this.#last) * this.#ratePerMs);
    this.#last = now;
    return now;
  }

  /** Whole tokens available now (0 while paused). */
  available(): number {
    const now = this.#refill();
    return now < this.#pausedUntil ? 0 : Math.floor(this.#tokens);
  }

  /** Milliseconds until the next request may go (0 = now). */
  waitMs(): number {
    const now = this.#refill();
    if (now < this.#pausedUntil) return this.#pausedUntil - now;
    return this.#tokens >= 1 ? 0 : Math.ceil((1 - this.#tokens) / this.#ratePerMs);
  }

  /** Waits for a token and takes it; false (no token taken) when `signal` aborts first. */
  async take(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal?.aborted) return false;
      const wait = this.waitMs();
      if (wait === 0) {
        this.#tokens -= 1;
        return true;
      }
      await this.#sleep(wait);
    }
  }

  /**
   * The CRM answered 429: pause every sender. Answers how long the pause lasts from now, read
   * on this pacer's clock: a caller subtracting its own earlier reading from the pause's end got
   * the pause plus the time in between, one over the longest pause under load.
   */
  rateLimited(retryAfterMs: number | null): number {
    const now = this.#refill();
    const pause = Math.min(this.#maxPause, Math.max(this.#pause, retryAfterMs ?? 0));
    this.#pausedUntil = Math.max(this.#pausedUntil, now + pause);
    this.#tokens = 0;
    this.#pause = Math.min(this.#maxPause, this.#pause * 2);
    return this.#pausedUntil - now;
  }

  /** A request went through: the next 429 starts from the first pause again. */
  succeeded(): void {
    this.#pause = this.#basePause;
  }
}
