/**
 * What only the PostgreSQL engine does, against the local `test` database (fails, never skips,
 * when PostgreSQL is down): one lead PostgreSQL refuses fails alone, the other leads committed in
 * the same batch are stored; and leases run on the database's clock, since workers on several
 * machines share them, so a worker whose clock is wrong neither ends another's lease early nor
 * takes one that has not ended.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, makeLead, type TestStoreHandle } from "../../testing/lead-stores.ts";
import type { LeadStore } from "./types.ts";

const MINUTE = 60_000;
let handle: TestStoreHandle;
let store: LeadStore;

beforeEach(async () => {
  handle = await createTestStore("postgres");
  store = await handle.open();
});
afterEach(async () => {
  await handle.cleanup();
});

describe("PostgreSQL group commit", () => {
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

describe("PostgreSQL leases", () => {
  it("a worker whose clock runs behind takes a lease that lasts its full length for the others", async () => {
    const lead = makeLead({ receivedAt: new Date(Date.now() - 2 * MINUTE) });
    await store.insertLead(lead);
    // Its clock is a minute and a half slow: on its clock, a 60 s lease ended 30 s ago.
    const behind = new Date(Date.now() - 1.5 * MINUTE);
    const [taken] = await store.leaseDue(10, MINUTE, behind);
    expect(taken?.leadId).toBe(lead.id);
    // A worker with the right time must not take the lead while the first is sending it.
    expect(await store.leaseDue(10, MINUTE, new Date())).toEqual([]);
  });

  it("a worker whose clock runs ahead does not end a lease early", async () => {
    const lead = makeLead({ receivedAt: new Date(Date.now() - MINUTE) });
    await store.insertLead(lead);
    const [taken] = await store.leaseDue(10, MINUTE, new Date());
    expect(taken?.leadId).toBe(lead.id);
    // Five minutes ahead: on its clock the lease ended long ago, on the database's it has not.
    expect(await store.leaseDue(10, MINUTE, new Date(Date.now() + 5 * MINUTE))).toEqual([]);
    // Its holder can still record the outcome: the lease is still its own.
    expect(
      await store.completeDelivery(taken ?? { leadId: "", lease: "", attempts: 0 }, {
        outcome: "delivered",
        status: 200,
        at: new Date(),
      }),
    ).toBe(true);
  });
});
