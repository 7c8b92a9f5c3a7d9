/**
 * One lead PostgreSQL refuses fails alone: the leads committed in the same batch are stored.
 * Runs against the local `test` database (fails, never skips, when PostgreSQL is down).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, makeLead, type TestStoreHandle } from "../../testing/lead-stores.ts";
import type { LeadStore } from "./types.ts";

describe("PostgreSQL group commit", () => {
  let handle: TestStoreHandle;
  let store: LeadStore;

  beforeEach(async () => {
    handle = await createTestStore("postgres");
    store = await handle.open();
  });
  afterEach(async () => {
    await handle.cleanup();
  });

  it("stores the other leads of a batch in which jsonb refuses one (a NUL in its values)", async () => {
    const good = Array.from({ length: 20 }, () => makeLead());
    // Validation refuses such a value before the store (src/forms/rules.ts); this is the
    // store's own guard, for anything that reaches it.
    const bad = makeLead({ values: { email: "ada@harbor.example", firstname: "Ada\u0000" } });
    const results = await Promise.allSettled(
      [...good.slice(0, 10), bad, ...good.slice(10)].map((lead) => store.insertLead(lead)),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([
      { status: "rejected", reason: expect.objectContaining({ code: "22P05" }) },
    ]);
    for (const lead of good) expect(await store.getLead(lead.id), lead.id).not.toBeNull();
    expect(await store.getLead(bad.id)).toBeNull();
  });
});
