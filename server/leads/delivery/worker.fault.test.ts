/**
 * The delivery worker against a fake HubSpot that fails, hangs, rate-limits and refuses, on
 * both engines: every lead arrives exactly once and none is lost. Small backoffs keep it fast;
 * nothing here asserts how fast anything is.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FormDefinition } from "../../../src/forms/index.ts";
import { readFormDefinitions } from "../../../src/forms/node.ts";
import { FakeHubSpot } from "../../testing/fake-hubspot.ts";
import {
  createTestStore,
  ENGINES,
  makeLead,
  type TestStoreHandle,
} from "../../testing/lead-stores.ts";
import type { LeadStore, NewLead } from "../store/types.ts";
import { type DeliveryConfigInput, deliveryConfig } from "./config.ts";
import type { LogEntry } from "./log.ts";
import { type DeliveryWorker, startDeliveryWorker } from "./worker.ts";

const PORTAL = "4242424";
let forms: Map<string, FormDefinition>;

beforeAll(async () => {
  forms = await readFormDefinitions(resolve("content/forms"));
});

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function testConfig(fake: FakeHubSpot, overrides: DeliveryConfigInput = {}) {
  return deliveryConfig({
    apiBase: fake.url,
    portalId: PORTAL,
    maxPer10s: 5_000,
    requestTimeoutMs: 400,
    backoffBaseMs: 20,
    backoffCapMs: 150,
    rateLimitPauseMs: 100,
    rateLimitMaxPauseMs: 300,
    leaseMs: 3_000,
    batchSize: 10,
    pollMs: 20,
    ...overrides,
  });
}

const emailOf = (lead: NewLead) => lead.values.email ?? "";

/**
 * A CRM stand-in for answers FakeHubSpot does not give: every request is recorded and, once
 * its body is read, answered by `answer`.
 */
async function startCrm(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${new URL(req.url ?? "/", "http://x").pathname}`);
    req.resume();
    req.on("end", () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(ENGINES)("delivery worker with a faulty CRM (%s)", (engine) => {
  let handle: TestStoreHandle;
  let store: LeadStore;
  let fake: FakeHubSpot;
  let workers: DeliveryWorker[];
  let logs: LogEntry[];

  beforeEach(async () => {
    handle = await createTestStore(engine);
    store = await handle.open();
    fake = await new FakeHubSpot({ portalId: PORTAL, forms: forms.values() }).start();
    workers = [];
    logs = [];
  });
  afterEach(async () => {
    for (const worker of workers) await worker.stop();
    await fake.close();
    await handle.cleanup();
  });

  const start = (overrides: DeliveryConfigInput = {}, on: LeadStore = store, name = "w1") => {
    const worker = startDeliveryWorker({
      store: on,
      forms,
      config: testConfig(fake, overrides),
      log: (entry) => logs.push(entry),
      name,
    });
    workers.push(worker);
    return worker;
  };
  const insertMany = async (n: number) => {
    const leads = Array.from({ length: n }, () => makeLead());
    await Promise.all(leads.map((lead) => store.insertLead(lead)));
    return leads;
  };
  const allDelivered = async (n: number) => (await store.stats(new Date())).byState.delivered === n;

  it("delivers a stored lead in the v3 shape and records it", async () => {
    const [lead] = await insertMany(1);
    if (!lead) throw new Error("no lead");
    start();
    await waitFor(() => allDelivered(1), "delivery");
    expect(fake.accepted).toHaveLength(1);
    const sent = fake.accepted[0];
    expect(sent?.formGuid).toBe(lead.crmFormGuid);
    expect(sent?.portalId).toBe(PORTAL);
    expect(sent?.secure).toBe(false);
    expect(sent?.body.fields).toContainEqual({
      objectTypeId: "0-1",
      name: "email",
      value: emailOf(lead),
    });
    expect(sent?.body.context).toEqual({
      pageUri: "https://harbordesk.example/pricing/",
      pageName: "Pricing",
      ipAddress: "203.0.113.7",
    });
    expect(sent?.body.legalConsentOptions.consent.consentToProcess).toBe(true);
    const stored = await store.getLead(lead.id);
    expect(stored?.deliveryState).toBe("delivered");
    expect(stored?.history.map((h) => h.outcome)).toEqual(["delivered"]);
    // Logs carry the lead id, never its email.
    expect(logs.some((entry) => entry.event === "lead.delivered" && entry.leadId === lead.id)).toBe(
      true,
    );
    expect(JSON.stringify(logs)).not.toContain(emailOf(lead));
  });

  it("uses the secure endpoint with a bearer token when an access token is set", async () => {
    await fake.close();
    fake = await new FakeHubSpot({
      portalId: PORTAL,
      forms: forms.values(),
      accessToken: "pat-test-token",
    }).start();
    await insertMany(1);
    start({ accessToken: "pat-test-token" });
    await waitFor(() => allDelivered(1), "secure delivery");
    expect(fake.accepted[0]?.secure).toBe(true);
  });

  it("CRM answers 503 for a while, then recovers: every lead arrives exactly once", async () => {
    fake.setMode({ kind: "fail", status: 503 });
    const leads = await insertMany(25);
    start();
    await waitFor(() => fake.requests.length >= 50, "failing attempts");
    expect(fake.accepted).toHaveLength(0);
    fake.setMode({ kind: "ok" });
    await waitFor(() => allDelivered(25), "recovery");
    for (const lead of leads) expect(fake.acceptedCount(emailOf(lead))).toBe(1);
    expect(fake.accepted).toHaveLength(25);
    const stats = await store.stats(new Date());
    expect(stats.outboxDepth).toBe(0);
    const stored = await store.getLead(leads[0]?.id ?? "");
    expect(stored?.attempts).toBeGreaterThan(1);
    expect(
      stored?.history.filter((h) => h.outcome === "retry").every((h) => h.status === 503),
    ).toBe(true);
  });

  it("CRM hangs: the request times out and is retried, nothing lost", async () => {
    fake.queue({ kind: "hang" }, { kind: "hang" });
    const leads = await insertMany(3);
    start({ batchSize: 1 });
    await waitFor(() => allDelivered(3), "delivery after timeouts");
    for (const lead of leads) expect(fake.acceptedCount(emailOf(lead))).toBe(1);
    const retried = (await store.listLeads())
      .flatMap((lead) => lead.history)
      .filter((h) => h.outcome === "retry");
    expect(retried).toHaveLength(2);
    expect(retried.every((h) => h.status === null && h.detail === "timeout")).toBe(true);
  });

  it("CRM rate-limits with 429 and plain text: the worker pauses, then delivers everything once", async () => {
    fake.queue({ kind: "rate-limit" }, { kind: "rate-limit" }, { kind: "rate-limit" });
    const leads = await insertMany(15);
    // One send at a time, so "sent after the 429" cannot be a send already in flight.
    start({ rateLimitPauseMs: 250, rateLimitMaxPauseMs: 1_000, batchSize: 1 });
    await waitFor(() => allDelivered(15), "delivery after rate limiting");
    for (const lead of leads) expect(fake.acceptedCount(emailOf(lead))).toBe(1);
    // After the first 429 nothing more was sent until the pause had passed.
    const first429 = fake.requests.find((r) => r.status === 429);
    if (!first429) throw new Error("no 429 seen");
    const later = fake.requests.filter((r) => r.at > first429.at + 5 && r.status !== 429);
    expect(later.length).toBeGreaterThan(0);
    expect(Math.min(...later.map((r) => r.at)) - first429.at).toBeGreaterThanOrEqual(240);
    expect(fake.requests.filter((r) => r.status === 429).length).toBe(3);
  });

  it("a 429 asking for 30 days pauses no longer than the caps, and no timer overflows", async () => {
    // 2,592,000 s is more than setTimeout holds: unbounded, it fired every millisecond and
    // the lead waited a month.
    fake.queue({ kind: "rate-limit", retryAfter: "2592000" });
    const [lead] = await insertMany(1);
    if (!lead) throw new Error("no lead");
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      start();
      await waitFor(() => allDelivered(1), "delivery after a long Retry-After");
    } finally {
      process.off("warning", onWarning);
    }
    expect(fake.acceptedCount(emailOf(lead))).toBe(1);
    const retry = logs.find((entry) => entry.event === "lead.retry");
    expect(retry?.status).toBe(429);
    // The lead waits at most the longer of its backoff cap (150) and the pause cap (300).
    expect(retry?.retryInMs).toBeLessThanOrEqual(300);
    expect(warnings).not.toContain("TimeoutOverflowWarning");
  });

  it("a CRM that redirects is not followed: the lead is retried, never marked delivered", async () => {
    // fetch would repeat a 302 as a GET without the submission, and take its 200 for a yes.
    const crm = await startCrm((req, res) => {
      if (req.method === "POST") res.writeHead(302, { location: "/moved" }).end();
      else
        res
          .writeHead(200, { "content-type": "application/json" })
          .end('{"inlineMessage":"Thanks"}');
    });
    try {
      const [lead] = await insertMany(1);
      if (!lead) throw new Error("no lead");
      const worker = start({ apiBase: crm.url });
      const history = async () => (await store.getLead(lead.id))?.history ?? [];
      await waitFor(async () => (await history()).length >= 1, "an attempt");
      expect((await history())[0]).toMatchObject({ outcome: "retry", status: 302 });
      await waitFor(async () => (await history()).length >= 2, "another attempt");
      await worker.stop();
      const stored = await store.getLead(lead.id);
      expect(stored?.deliveryState).toBe("pending");
      expect(stored?.history.every((h) => h.outcome === "retry" && h.status === 302)).toBe(true);
      expect(crm.seen.every((request) => request.startsWith("POST /submissions/"))).toBe(true);
    } finally {
      await crm.close();
    }
  });

  it("a 200 whose body stalls is delivered: the lead is not sent again", async () => {
    let posts = 0;
    const crm = await startCrm((_req, res) => {
      posts += 1;
      res.writeHead(200, { "content-type": "application/json" });
      // The first answer's body never finishes; any later one would be whole.
      if (posts === 1) res.write('{"inlineMessage":');
      else res.end('{"inlineMessage":"Thanks"}');
    });
    try {
      const [lead] = await insertMany(1);
      if (!lead) throw new Error("no lead");
      start({ apiBase: crm.url });
      await waitFor(() => allDelivered(1), "delivery");
      const stored = await store.getLead(lead.id);
      expect(stored?.history.map((h) => [h.outcome, h.status])).toEqual([["delivered", 200]]);
      expect(posts).toBe(1);
    } finally {
      await crm.close();
    }
  });

  it("a HubSpot 400 makes the lead dead with the reason; retried by hand, it is delivered", async () => {
    fake.queue({
      kind: "refuse",
      errorType: "INVALID_EMAIL",
      message: "Error in 'fields.email'. Invalid email address",
    });
    const [lead] = await insertMany(1);
    if (!lead) throw new Error("no lead");
    start();
    await waitFor(async () => (await store.getLead(lead.id))?.deliveryState === "dead", "dead");
    const dead = await store.getLead(lead.id);
    expect(dead?.deadReason).toBe("INVALID_EMAIL: Error in 'fields.email'. Invalid email address");
    expect(logs.find((e) => e.event === "lead.dead")?.errorTypes).toEqual(["INVALID_EMAIL"]);
    expect(await store.retryLead(lead.id, new Date())).toBe(true);
    await waitFor(() => allDelivered(1), "delivery after retry by hand");
    expect(fake.acceptedCount(emailOf(lead))).toBe(1);
  });

  it("an unknown form GUID (404) is dead; the fake validates like HubSpot", async () => {
    const lead = makeLead({
      crmFormGuid: "00000000-0000-4000-8000-000000000000",
      formId: "retired-form",
    });
    await store.insertLead(lead);
    start();
    await waitFor(async () => (await store.getLead(lead.id))?.deliveryState === "dead", "dead");
    expect((await store.getLead(lead.id))?.deadReason).toBe('no form definition "retired-form"');

    const blocked = makeLead({ values: { ...makeLead().values, email: "someone@gmail.com" } });
    await store.insertLead(blocked);
    await waitFor(
      async () => (await store.getLead(blocked.id))?.deliveryState === "dead",
      "blocked dead",
    );
    expect((await store.getLead(blocked.id))?.deadReason).toMatch(/^BLOCKED_EMAIL/);
  });

  it("a crashed worker's lease expires and another worker delivers the lead, once", async () => {
    const [lead] = await insertMany(1);
    if (!lead) throw new Error("no lead");
    // A worker leases the lead and dies before sending.
    const leased = await store.leaseDue(10, 600, new Date());
    expect(leased.map((d) => d.leadId)).toEqual([lead.id]);
    start();
    await waitFor(() => allDelivered(1), "delivery after lease expiry");
    expect(fake.acceptedCount(emailOf(lead))).toBe(1);
    // The dead worker's lease can no longer record anything.
    const [stale] = leased;
    if (!stale) throw new Error("no lease");
    expect(
      await store.completeDelivery(stale, { outcome: "delivered", status: 200, at: new Date() }),
    ).toBe(false);
  });

  it("stop() waits for in-flight sends and records them", async () => {
    fake.delayMs = 150;
    await insertMany(3);
    const worker = start();
    await waitFor(() => fake.requests.length >= 1, "a send in flight");
    await worker.stop();
    const stats = await store.stats(new Date());
    // Whatever the fake answered was recorded: nothing accepted is still pending.
    expect(stats.byState.delivered).toBe(fake.accepted.length);
  });

  it("without a portal the worker sends nothing and leads stay stored", async () => {
    await store.insertLead(makeLead({ state: "held" }));
    const worker = start({ portalId: null });
    expect(worker.enabled).toBe(false);
    expect(logs.map((e) => e.event)).toEqual(["delivery.disabled"]);
    expect((await store.stats(new Date())).byState.held).toBe(1);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("two workers on one PostgreSQL outbox", () => {
  let handle: TestStoreHandle;
  let fake: FakeHubSpot;
  const workers: DeliveryWorker[] = [];

  beforeEach(async () => {
    handle = await createTestStore("postgres");
    fake = await new FakeHubSpot({ portalId: PORTAL, forms: forms.values() }).start();
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    await fake.close();
    await handle.cleanup();
  });

  it("never send the same lead at the same time, and each lead once", async () => {
    const a = await handle.open();
    const b = await handle.open();
    const leads = Array.from({ length: 60 }, () => makeLead());
    await Promise.all(leads.map((lead) => a.insertLead(lead)));
    fake.delayMs = 25; // sends overlap in time, so a double lease would show as concurrency
    fake.queue(...Array.from({ length: 10 }, () => ({ kind: "fail", status: 502 }) as const));
    const logs: LogEntry[] = [];
    for (const [name, store] of [
      ["a", a],
      ["b", b],
    ] as const) {
      workers.push(
        startDeliveryWorker({
          store,
          forms,
          // Generous timeouts: a send that times out is retried by design (at-least-once), and
          // that is not what this test is about.
          config: testConfig(fake, { batchSize: 5, requestTimeoutMs: 5_000, leaseMs: 15_000 }),
          log: (entry) => logs.push(entry),
          name,
        }),
      );
    }
    await waitFor(
      async () => (await a.stats(new Date())).byState.delivered === 60,
      "all delivered",
    );
    expect(logs.filter((e) => e.event === "lead.retry" && e.status === null)).toEqual([]);
    expect(fake.maxConcurrentPerKey).toBe(1);
    for (const lead of leads) expect(fake.acceptedCount(emailOf(lead))).toBe(1);
    expect(logs.filter((e) => e.event === "lead.delivered")).toHaveLength(60);
    expect(logs.filter((e) => e.event === "delivery.lease_lost")).toHaveLength(0);
  });
});
