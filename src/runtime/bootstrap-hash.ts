import type { AppData } from "../protocol/index.ts";
import { BUILD_HASH_RELOAD_FLAG } from "./constants.ts";

/** The slice of sessionStorage the check needs; any call may throw (private mode, blocked storage). */
export interface FlagStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export type FirstLoadDecision = "reload" | "continue";

/**
 * Decides, on first load, whether the HTML is from another build than the deployed data
 * (`app-data.json`) and a reload should fetch matching HTML and scripts.
 *
 * Reloads at most once per mismatch: the flag is set before reloading, and a load that finds
 * the flag continues and clears it, as does every load that needs no reload. So a stale cache
 * that keeps serving old HTML costs one extra reload per visit, never a loop.
 *
 * A storage that throws reads as empty, but then the flag cannot guard the reload, so
 * reloading is only chosen when the flag verifiably stuck; otherwise it continues.
 */
export function decideFirstLoadReload(input: {
  htmlHash: string;
  fetchedHash: string | null | undefined;
  storage: FlagStorage;
}): FirstLoadDecision {
  const { htmlHash, fetchedHash, storage } = input;
  const mismatch =
    typeof fetchedHash === "string" && fetchedHash !== "" && fetchedHash !== htmlHash;
  if (mismatch && attempt(() => storage.get(BUILD_HASH_RELOAD_FLAG)) == null) {
    attempt(() => storage.set(BUILD_HASH_RELOAD_FLAG, "1"));
    if (attempt(() => storage.get(BUILD_HASH_RELOAD_FLAG)) === "1") return "reload";
  }
  attempt(() => storage.remove(BUILD_HASH_RELOAD_FLAG));
  return "continue";
}

/**
 * Fetches the deployed build hash and reloads once when it differs from the HTML's.
 * Never throws: a failed fetch or a malformed answer means "continue".
 */
export async function checkBuildHashOnFirstLoad(
  htmlHash: string,
  deps: { fetchAppData(): Promise<AppData>; storage: FlagStorage; reload(): void },
): Promise<FirstLoadDecision> {
  let fetchedHash: string | undefined;
  try {
    const appData: unknown = await deps.fetchAppData();
    const hash = (appData as Partial<AppData> | null)?.compilationHash;
    fetchedHash = typeof hash === "string" ? hash : undefined;
  } catch {
    fetchedHash = undefined;
  }
  const decision = decideFirstLoadReload({ htmlHash, fetchedHash, storage: deps.storage });
  if (decision === "reload") {
    try {
      deps.reload();
    } catch {
      return "continue";
    }
  }
  return decision;
}

/**
 * `check`, run at most once however many callers ask: every call gets the first run's
 * promise and decision. The first-load check has two callers in one page load (the client
 * engine when it starts, boot.tsx when the first page cannot start), and the flag only guards
 * one check per load. Side by side, one check sets the flag and reloads while the other's
 * answer arrives before the page unloads, finds the flag and clears it: the reload then starts
 * unguarded. One after the other, the second undoes the first's "continue" on a reloaded stale
 * page: the first cleared the flag, so the second reloads again, and so on every load.
 */
export function oncePerLoad<Args extends unknown[], Result>(
  check: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  let running: Promise<Result> | undefined;
  return (...args) => {
    running ??= check(...args);
    return running;
  };
}

/** sessionStorage as a FlagStorage; even touching `sessionStorage` can throw, so each call looks it up. */
export function browserSessionFlagStorage(): FlagStorage {
  return {
    get: (key) => globalThis.sessionStorage.getItem(key),
    set: (key, value) => globalThis.sessionStorage.setItem(key, value),
    remove: (key) => globalThis.sessionStorage.removeItem(key),
  };
}

function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
