import { STORED_VALUE_EXPIRY_MS } from "./constants.ts";

/** The part of the Web Storage API the helpers use, so tests can pass a Map-backed object. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What is written under a key: the value and the epoch milliseconds after which it is ignored. */
interface StoredEnvelope {
  value: unknown;
  expiresAt: number;
}

function isEnvelope(candidate: unknown): candidate is StoredEnvelope {
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    "value" in candidate &&
    "expiresAt" in candidate &&
    typeof candidate.expiresAt === "number" &&
    Number.isFinite(candidate.expiresAt)
  );
}

/**
 * Reads a value written by `writeExpiring`. Missing, malformed and expired entries read as
 * `null` (expired ones are removed). A storage that throws (private mode, blocked storage)
 * reads as empty.
 */
export function readExpiring(storage: StorageLike | null, key: string, now: number): unknown {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isEnvelope(parsed)) return null;
  if (parsed.expiresAt <= now) {
    removeStored(storage, key);
    return null;
  }
  return parsed.value;
}

/**
 * Stores a JSON-serialisable value that expires `ttlMs` after `now` (365 days by default,
 * as the spec asks of stored local values). Returns false when the storage refused it.
 */
export function writeExpiring(
  storage: StorageLike | null,
  key: string,
  value: unknown,
  now: number,
  ttlMs: number = STORED_VALUE_EXPIRY_MS,
): boolean {
  if (!storage) return false;
  const envelope: StoredEnvelope = { value, expiresAt: now + ttlMs };
  try {
    storage.setItem(key, JSON.stringify(envelope));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(storage: StorageLike | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // A storage that refuses removal has nothing we can clean up.
  }
}

/**
 * The browser's localStorage, or null where it is missing (prerender) or merely touching it
 * throws (some privacy modes throw on the property access itself).
 */
export function browserLocalStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
