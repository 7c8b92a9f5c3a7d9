/**
 * PostgreSQL out of reach: the store fails fast with StoreUnavailableError (→ 503), both when
 * nothing listens and when the database goes away under an open pool. The machine's own
 * PostgreSQL is never stopped: a TCP proxy we own stands in for it and is killed instead.
 */

import { afterEach, describe, expect, it } from "vitest";
import {
  createTestStore,
  makeLead,
  TEST_DATABASE_URL,
  type TestStoreHandle,
} from "../../testing/lead-stores.ts";
import { closedPort, startProxy } from "../../testing/tcp.ts";
import { openLeadStore } from "./index.ts";
import { StoreUnavailableError } from "./types.ts";

function urlWithPort(port: number): string {
  const url = new URL(TEST_DATABASE_URL);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.href;
}

describe("PostgreSQL unreachable", () => {
  let handle: TestStoreHandle | undefined;
  afterEach(async () => {
    await handle?.cleanup();
    handle = undefined;
  });

  it("opening a store on a closed port throws StoreUnavailableError", async () => {
    const port = await closedPort();
    const error = await openLeadStore({
      databaseUrl: urlWithPort(port),
      connectTimeoutMs: 500,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
  });

  it("a database that goes away under an open pool makes every operation throw StoreUnavailableError", async () => {
    handle = await createTestStore("postgres");
    const proxy = await startProxy(new URL(TEST_DATABASE_URL));
    const store = await handle.open({
      databaseUrl: urlWithPort(proxy.port),
      connectTimeoutMs: 500,
      queryTimeoutMs: 1_000,
    });
    const stored = makeLead();
    await store.insertLead(stored);
    await store.ping();

    await proxy.kill();
    const outcomes = await Promise.allSettled([
      store.ping(),
      store.insertLead(makeLead()),
      store.getLead(stored.id),
      store.stats(new Date()),
      store.leaseDue(5, 1_000, new Date()),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect(outcome.status === "rejected" && outcome.reason).toBeInstanceOf(StoreUnavailableError);
    }
    // Only the lead stored before the cut exists in the database.
    const direct = await handle.open();
    expect((await direct.listLeads()).map((lead) => lead.id)).toEqual([stored.id]);
  });
});
