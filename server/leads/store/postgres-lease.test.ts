/**
 * Leases on PostgreSQL run on the database's clock: workers on several machines share them, and
 * a worker whose clock is wrong must neither end another's lease early nor take one that has
 * not ended. Runs against the local `test` database (fails, never skips, when it is down).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, makeLead, type TestStoreHandle } from "../../testing/lead-stores.ts";
import type { LeadStore } from "./types.ts";

const MINUTE = 60_000;

describe("PostgreSQL leases", () => {
  let handle: TestStoreHandle;
  let store: LeadStore;

  beforeEach(async () => {
    handle = await createTestStore("postgres");
    store = await handle.open();
  });
  afterEach(async () => {
    await handle.cleanup();
  });

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
