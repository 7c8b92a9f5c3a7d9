import { describe, expect, it } from "vitest";
import { STORED_VALUE_EXPIRY_MS } from "./constants.ts";
import { readExpiring, removeStored, type StorageLike, writeExpiring } from "./storage.ts";

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

const throwingStorage: StorageLike = {
  getItem() {
    throw new Error("SecurityError");
  },
  setItem() {
    throw new Error("QuotaExceededError");
  },
  removeItem() {
    throw new Error("SecurityError");
  },
};

describe("storage with expiry", () => {
  it("reads back what it wrote before the expiry", () => {
    const storage = memoryStorage();
    expect(writeExpiring(storage, "k", { a: 1 }, 1000)).toBe(true);
    expect(readExpiring(storage, "k", 1000 + STORED_VALUE_EXPIRY_MS - 1)).toEqual({ a: 1 });
  });

  it("defaults to a 365-day expiry", () => {
    const storage = memoryStorage();
    writeExpiring(storage, "k", 5, 1000);
    expect(JSON.parse(storage.data.get("k") ?? "")).toEqual({
      value: 5,
      expiresAt: 1000 + 365 * 86_400_000,
    });
  });

  it("treats expired entries as missing and removes them", () => {
    const storage = memoryStorage();
    writeExpiring(storage, "k", "v", 0, 10);
    expect(readExpiring(storage, "k", 10)).toBeNull();
    expect(storage.data.has("k")).toBe(false);
  });

  it("reads malformed, foreign and missing entries as null", () => {
    const storage = memoryStorage();
    storage.setItem("bad-json", "{");
    storage.setItem("raw", "1700000000000");
    storage.setItem("no-expiry", JSON.stringify({ value: 1 }));
    expect(readExpiring(storage, "bad-json", 0)).toBeNull();
    expect(readExpiring(storage, "raw", 0)).toBeNull();
    expect(readExpiring(storage, "no-expiry", 0)).toBeNull();
    expect(readExpiring(storage, "missing", 0)).toBeNull();
  });

  it("tolerates a storage that throws, and a missing storage", () => {
    expect(writeExpiring(throwingStorage, "k", 1, 0)).toBe(false);
    expect(readExpiring(throwingStorage, "k", 0)).toBeNull();
    expect(() => removeStored(throwingStorage, "k")).not.toThrow();
    expect(writeExpiring(null, "k", 1, 0)).toBe(false);
    expect(readExpiring(null, "k", 0)).toBeNull();
  });
});
