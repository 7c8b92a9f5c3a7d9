/**
 * The lead API on PostgreSQL (127.0.0.1:5432, database `test`; fails, never skips, when it is
 * down): stored and answered, one lead per submissionId, refusals store nothing — and when the
 * database is out of reach, 503 at once and nothing acknowledged. The machine's PostgreSQL is
 * never stopped: a TCP proxy we own stands in for it and is killed, or the URL names a closed port.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../../testing/lead-stores.ts";
import { closedPort, startProxy } from "../../testing/tcp.ts";
import { PostgresLeadStore } from "../store/postgres.ts";
import { allLeads, createHarness, type Harness, validDemo } from "./testing.ts";

const SUBMIT = "/api/hubspot/submitForm";

const withPort = (port: number) => {
  const url = new URL(TEST_DATABASE_URL);
  url.port = String(port);
  return url.toString();
};

describe("on PostgreSQL", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ engine: "postgres" });
  });
  afterAll(async () => h?.close());

  it("stores a valid submission and answers it", async () => {
    expect(h.store.engine).toBe("postgres");
    const body = validDemo({ utm_source: "webinar" });
    const response = await h.postJson(SUBMIT, body, {
      cookie: "attr_last_touch=x; hubspotutk=utk1",
    });
    expect(response.status).toBe(200);
    const [lead] = await h.store.listLeads({ email: body.email as string });
    expect(lead).toMatchObject({
      formId: "book-demo",
      deliveryState: "pending",
      values: { utm_source: "webinar" },
      attribution: { attr_last_touch: "x", hubspotutk: "utk1" },
    });
  });

  it("stores one lead for one submissionId, even when both arrive at once", async () => {
    const body = validDemo({ submissionId: "pg-concurrent-retry-0001" });
    const answers = await Promise.all([1, 2, 3].map(() => h.postJson(SUBMIT, body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await h.store.listLeads({ email: body.email as string })).toHaveLength(1);
  });

  it("stores nothing for refused submissions", async () => {
    const before = (await allLeads(h.store)).length;
    expect((await h.postJson(SUBMIT, validDemo({ email: "x@gmail.com" }))).status).toBe(400);
    expect((await h.postJson(SUBMIT, validDemo({ formId: "nope" }))).status).toBe(404);
    expect((await allLeads(h.store)).length).toBe(before);
  });
});

describe("PostgreSQL out of reach", () => {
  it("DATABASE_URL on a closed port: submit answers 503 within the connect timeout, health 503", async () => {
    const store = new PostgresLeadStore({
      connectionString: withPort(await closedPort()),
      connectTimeoutMs: 1_000,
    });
    const h = await createHarness({ engine: "postgres", store });
    try {
      // Answered at all: the connect timeout (1 s) gives up rather than letting the visitor wait
      // on the network's (minutes); a hang would end at the test's own timeout.
      const response = await h.postJson(SUBMIT, validDemo());
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        success: false,
        message: "We could not save your request just now. Please try again in a minute.",
      });
      expect((await h.get("/api/health")).status).toBe(503);
      expect(h.logText()).not.toMatch(/ECONNREFUSED.*127|password|northwind/);
    } finally {
      await store.close().catch(() => {});
      await h.close();
    }
  });

  it("PostgreSQL gone under a running API: 503 quickly and nothing acknowledged that was not stored", async () => {
    const proxy = await startProxy(new URL(TEST_DATABASE_URL));
    const h = await createHarness({ engine: "postgres" });
    // The API's store reaches PostgreSQL through the proxy; the harness's own store directly.
    const viaProxy = await h.storeHandle.open({
      databaseUrl: withPort(proxy.port),
      connectTimeoutMs: 1_000,
      queryTimeoutMs: 2_000,
    });
    const api = await createHarness({ engine: "sqlite", store: viaProxy });
    try {
      const ok = validDemo();
      expect((await api.postJson(SUBMIT, ok)).status).toBe(200);
      expect(await h.store.listLeads({ email: ok.email as string })).toHaveLength(1);

      await proxy.kill();
      const lost = validDemo();
      const started = performance.now();
      const response = await api.postJson(SUBMIT, lost);
      expect(response.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(await h.store.listLeads({ email: lost.email as string })).toEqual([]);
      expect((await api.get("/api/health")).status).toBe(503);
    } finally {
      await api.close();
      await h.close();
    }
  });
});
