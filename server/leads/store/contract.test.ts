/**
 * The LeadStore contract, run against both engines. PostgreSQL runs in a fresh schema of the
 * local `test` database; when PostgreSQL is unreachable these tests fail (they never skip).
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestStore,
  ENGINES,
  makeLead,
  type TestStoreHandle,
} from "../../testing/lead-stores.ts";
import type { LeadStore } from "./types.ts";

const fileId = () => randomBytes(18).toString("base64url");

describe.each(ENGINES)("LeadStore contract (%s)", (engine) => {
  let handle: TestStoreHandle;
  let store: LeadStore;

  beforeEach(async () => {
    handle = await createTestStore(engine);
    store = await handle.open();
  });
  afterEach(async () => {
    await handle.cleanup();
  });

  it("reports its engine", () => {
    expect(store.engine).toBe(engine);
  });

  it("keeps vitals measurements and lists those received in a period, in arrival order", async () => {
    const at = (iso: string) => new Date(iso);
    const measurement = (name: string, value: number, receivedAt: Date) => ({
      receivedAt,
      name,
      value,
      rating: "good",
      path: "/pricing/",
      template: "template---page",
    });
    await store.addVitals([
      measurement("LCP", 1234.5, at("2026-03-01T10:00:00Z")),
      measurement("CLS", 0.042, at("2026-03-01T10:00:00Z")),
    ]);
    await store.addVitals([measurement("TTFB", 180, at("2026-03-02T10:00:00Z"))]);
    await store.addVitals([]);
    const march1 = await store.listVitals({
      from: at("2026-03-01T00:00:00Z"),
      to: at("2026-03-02T00:00:00Z"),
    });
    expect(march1).toEqual([
      measurement("LCP", 1234.5, at("2026-03-01T10:00:00Z")),
      measurement("CLS", 0.042, at("2026-03-01T10:00:00Z")),
    ]);
    // The range's end is exclusive.
    expect(
      await store.listVitals({ from: at("2026-03-01T00:00:00Z"), to: at("2026-03-02T10:00:00Z") }),
    ).toHaveLength(2);
    // Vitals never show up as leads.
    expect(await store.listLeads()).toEqual([]);
  });

  it("stores a lead with every field and reads it back", async () => {
    const lead = makeLead({
      submissionId: "sub-12345678",
      attribution: { attr_last_touch: "utmcsr=google|utmccn=spring|utmcmd=cpc|utmctr=|utmcct=" },
      context: { pageUri: "https://harbordesk.example/demo/", pageName: "Demo", hubspotutk: "abc" },
    });
    const { lead: stored, duplicate } = await store.insertLead(lead);
    expect(duplicate).toBe(false);
    expect(stored.deliveryState).toBe("pending");
    const read = await store.getLead(lead.id);
    expect(read).not.toBeNull();
    expect(read).toMatchObject({
      id: lead.id,
      submissionId: "sub-12345678",
      formId: lead.formId,
      formVersion: lead.formVersion,
      crmFormGuid: lead.crmFormGuid,
      values: lead.values,
      consent: lead.consent,
      context: lead.context,
      attribution: lead.attribution,
      ip: lead.ip,
      userAgent: lead.userAgent,
      state: "pending",
      spamReason: null,
      deliveryState: "pending",
      attempts: 0,
      deliveredAt: null,
      deadReason: null,
      history: [],
    });
    expect(read?.receivedAt.getTime()).toBe(lead.receivedAt.getTime());
    expect(read?.nextAttemptAt?.getTime()).toBe(lead.receivedAt.getTime());
    expect(await store.getLead("no-such-lead")).toBeNull();
  });

  it("stores the same (formId, submissionId) once and answers with the first lead", async () => {
    const first = makeLead({ submissionId: "retry-abcdefgh" });
    const second = makeLead({ submissionId: "retry-abcdefgh" });
    const otherForm = makeLead({ submissionId: "retry-abcdefgh", formId: "demo-request" });
    const [a, b, c] = await Promise.all([
      store.insertLead(first),
      store.insertLead(second),
      store.insertLead(otherForm),
    ]);
    expect(a?.duplicate).toBe(false);
    expect(b?.duplicate).toBe(true);
    expect(b?.lead.id).toBe(first.id);
    expect(c?.duplicate).toBe(false);
    const again = await store.insertLead(makeLead({ submissionId: "retry-abcdefgh" }));
    expect(again.duplicate).toBe(true);
    expect(again.lead.id).toBe(first.id);
    expect(await store.listLeads()).toHaveLength(2);
    expect((await store.stats(new Date())).outboxDepth).toBe(2);
  });

  it("deletes the uploads no lead names once they are older than the cut-off, and keeps the rest", async () => {
    const hour = 3_600_000;
    const now = new Date("2026-05-03T12:00:00Z").getTime();
    const file = (createdAt: number) => ({
      id: fileId(),
      filename: "cv.pdf",
      contentType: "application/pdf",
      bytes: new Uint8Array([37, 80, 68, 70]),
      createdAt: new Date(createdAt),
    });
    const abandoned = file(now - 48 * hour);
    const named = file(now - 48 * hour);
    const recent = file(now - hour);
    for (const stored of [abandoned, named, recent]) await store.putFile(stored);
    await store.insertLead(
      makeLead({
        values: { email: "lin@acme.example", resume: `/api/files/${named.id}` },
        receivedAt: new Date(now - 47 * hour),
      }),
    );
    expect(await store.hasFile(abandoned.id)).toBe(true);
    expect(await store.hasFile("NoSuchFileNoSuchFile")).toBe(false);

    expect(await store.deleteUnclaimedFiles(new Date(now - 24 * hour))).toBe(1);
    expect(await store.hasFile(abandoned.id)).toBe(false);
    expect(await store.hasFile(named.id)).toBe(true);
    expect(await store.hasFile(recent.id)).toBe(true);
    // The named file is claimed for good: a later sweep, when no lead of its time is read
    // any more, keeps it too.
    expect(await store.deleteUnclaimedFiles(new Date(now + 72 * hour))).toBe(1);
    expect(await store.hasFile(named.id)).toBe(true);
    expect(await store.hasFile(recent.id)).toBe(false);
  });

  it("leads without a submissionId are never duplicates of each other", async () => {
    await Promise.all([store.insertLead(makeLead()), store.insertLead(makeLead())]);
    expect(await store.listLeads()).toHaveLength(2);
  });

  it("group-commits a burst of concurrent inserts, every one stored", async () => {
    const leads = Array.from({ length: 300 }, () => makeLead());
    const results = await Promise.all(leads.map((lead) => store.insertLead(lead)));
    expect(results.every((result) => !result.duplicate)).toBe(true);
    expect((await store.stats(new Date())).byState.pending).toBe(300);
    expect(await store.getLead(leads[299]?.id ?? "")).not.toBeNull();
  });

  it("lists newest first and filters by state, form, email, since and limit", async () => {
    const old = makeLead({ receivedAt: new Date("2025-01-01T00:00:00Z") });
    const spam = makeLead({
      receivedAt: new Date("2025-02-01T00:00:00Z"),
      state: "spam",
      spamReason: "honeypot",
    });
    const demo = makeLead({
      receivedAt: new Date("2025-03-01T00:00:00Z"),
      formId: "demo-request",
      values: { email: "Grace.Hopper@Contoso.example", firstname: "Grace" },
    });
    for (const lead of [old, spam, demo]) await store.insertLead(lead);
    expect((await store.listLeads()).map((lead) => lead.id)).toEqual([demo.id, spam.id, old.id]);
    expect((await store.listLeads({ state: "spam" })).map((l) => l.id)).toEqual([spam.id]);
    expect((await store.listLeads({ formId: "demo-request" })).map((l) => l.id)).toEqual([demo.id]);
    expect(
      (await store.listLeads({ email: "grace.hopper@contoso.EXAMPLE" })).map((l) => l.id),
    ).toEqual([demo.id]);
    expect(
      (await store.listLeads({ since: new Date("2025-01-15T00:00:00Z") })).map((l) => l.id),
    ).toEqual([demo.id, spam.id]);
    expect((await store.listLeads({ limit: 1 })).map((l) => l.id)).toEqual([demo.id]);
  });

  it("leases due entries only, completes a delivery and records history", async () => {
    const now = new Date("2025-05-01T12:00:00Z");
    const due = makeLead({ receivedAt: new Date(now.getTime() - 1000) });
    const later = makeLead({ receivedAt: new Date(now.getTime() + 60_000) });
    const held = makeLead({ state: "held", receivedAt: new Date(now.getTime() - 1000) });
    for (const lead of [due, later, held]) await store.insertLead(lead);

    const leased = await store.leaseDue(10, 30_000, now);
    expect(leased.map((d) => d.leadId)).toEqual([due.id]);
    expect(leased[0]?.attempts).toBe(0);
    // Leased entries are not leased again while the lease runs.
    expect(await store.leaseDue(10, 30_000, new Date(now.getTime() + 1000))).toEqual([]);

    const delivery = leased[0];
    if (!delivery) throw new Error("nothing leased");
    const ok = await store.completeDelivery(delivery, {
      outcome: "delivered",
      status: 204,
      at: new Date(now.getTime() + 500),
    });
    expect(ok).toBe(true);
    const stored = await store.getLead(due.id);
    expect(stored?.deliveryState).toBe("delivered");
    expect(stored?.deliveredAt?.getTime()).toBe(now.getTime() + 500);
    expect(stored?.attempts).toBe(1);
    expect(stored?.nextAttemptAt).toBeNull();
    expect(stored?.history).toEqual([
      { at: new Date(now.getTime() + 500), outcome: "delivered", status: 204, detail: "accepted" },
    ]);
    // Completing twice is refused: the outbox entry is gone.
    expect(
      await store.completeDelivery(delivery, { outcome: "delivered", status: 204, at: now }),
    ).toBe(false);
    const stats = await store.stats(now);
    expect(stats.byState).toMatchObject({ delivered: 1, pending: 1, held: 1 });
    expect(stats.outboxDepth).toBe(1);
  });

  it("a retry reschedules, an expired lease is leased again, a stale lease cannot complete", async () => {
    const now = new Date("2025-05-01T12:00:00Z");
    const lead = makeLead({ receivedAt: now });
    await store.insertLead(lead);
    const [first] = await store.leaseDue(5, 10_000, now);
    if (!first) throw new Error("nothing leased");
    const retryAt = new Date(now.getTime() + 5_000);
    expect(
      await store.completeDelivery(first, {
        outcome: "retry",
        status: 503,
        detail: "HTTP 503",
        at: now,
        nextAttemptAt: retryAt,
      }),
    ).toBe(true);
    expect(await store.leaseDue(5, 10_000, new Date(now.getTime() + 4_999))).toEqual([]);
    // A short lease: PostgreSQL ends leases on its own clock, so this one must really run out.
    const [second] = await store.leaseDue(5, 200, retryAt);
    expect(second?.attempts).toBe(1);
    if (!second) throw new Error("not leased again");
    // The worker holding `second` crashes; its lease expires and another worker takes it.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [third] = await store.leaseDue(5, 10_000, new Date(retryAt.getTime() + 10_000));
    expect(third?.leadId).toBe(lead.id);
    if (!third) throw new Error("expired lease not re-leased");
    expect(third.lease).not.toBe(second.lease);
    expect(
      await store.completeDelivery(second, { outcome: "delivered", status: 200, at: retryAt }),
    ).toBe(false);
    expect(
      await store.completeDelivery(third, { outcome: "delivered", status: 200, at: retryAt }),
    ).toBe(true);
    const stored = await store.getLead(lead.id);
    expect(stored?.deliveryState).toBe("delivered");
    expect(stored?.attempts).toBe(2);
    expect(stored?.history.map((h) => [h.outcome, h.status])).toEqual([
      ["retry", 503],
      ["delivered", 200],
    ]);
  });

  it("dead keeps the reason; retry by hand puts a dead or held lead back in the outbox", async () => {
    const now = new Date("2025-05-01T12:00:00Z");
    const lead = makeLead({ receivedAt: now });
    const held = makeLead({ state: "held", receivedAt: now });
    await store.insertLead(lead);
    await store.insertLead(held);
    const [delivery] = await store.leaseDue(5, 10_000, now);
    if (!delivery) throw new Error("nothing leased");
    await store.completeDelivery(delivery, {
      outcome: "dead",
      status: 400,
      detail: "INVALID_EMAIL: Email address is invalid",
      at: now,
    });
    let stored = await store.getLead(lead.id);
    expect(stored?.deliveryState).toBe("dead");
    expect(stored?.deadReason).toBe("INVALID_EMAIL: Email address is invalid");
    expect(await store.leaseDue(5, 10_000, new Date(now.getTime() + 60_000))).toEqual([]);
    expect((await store.listLeads({ state: "dead" })).map((l) => l.id)).toEqual([lead.id]);

    const later = new Date(now.getTime() + 60_000);
    expect(await store.retryLead(lead.id, later)).toBe(true);
    expect(await store.retryLead(held.id, later)).toBe(true);
    expect(await store.retryLead(lead.id, later)).toBe(false); // now pending: nothing to retry
    stored = await store.getLead(lead.id);
    expect(stored?.deliveryState).toBe("pending");
    expect(stored?.deadReason).toBeNull();
    expect(stored?.history.at(-1)?.outcome).toBe("retried-by-hand");
    const leased = await store.leaseDue(5, 10_000, later);
    expect(leased.map((d) => d.leadId).sort()).toEqual([lead.id, held.id].sort());
    expect(await store.retryLead("no-such-lead", later)).toBe(false);
  });

  it("spam is never leased; release moves it to pending, or held without a CRM form", async () => {
    const now = new Date("2025-05-01T12:00:00Z");
    const spam = makeLead({ state: "spam", spamReason: "too-fast", receivedAt: now });
    const spamNoCrm = makeLead({
      state: "spam",
      spamReason: "honeypot",
      crmFormGuid: null,
      receivedAt: now,
    });
    await store.insertLead(spam);
    await store.insertLead(spamNoCrm);
    expect(await store.leaseDue(10, 10_000, now)).toEqual([]);
    expect((await store.stats(now)).byState.spam).toBe(2);

    expect(await store.releaseLead(spam.id, now)).toBe(true);
    expect(await store.releaseLead(spam.id, now)).toBe(false);
    expect(await store.releaseLead(spamNoCrm.id, now)).toBe(true);
    expect((await store.getLead(spam.id))?.deliveryState).toBe("pending");
    expect((await store.getLead(spamNoCrm.id))?.deliveryState).toBe("held");
    expect((await store.getLead(spam.id))?.history.at(-1)?.outcome).toBe("released");
    expect((await store.leaseDue(10, 10_000, now)).map((d) => d.leadId)).toEqual([spam.id]);
    expect(await store.releaseLead("no-such-lead", now)).toBe(false);
  });

  it("stores files and serves them back byte for byte", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10]);
    const id = fileId();
    await store.putFile({
      id,
      filename: "cv.png",
      contentType: "image/png",
      bytes,
      createdAt: new Date(1_700_000_000_000),
    });
    const file = await store.getFile(id);
    expect(file?.filename).toBe("cv.png");
    expect(file?.contentType).toBe("image/png");
    expect(Array.from(file?.bytes ?? [])).toEqual(Array.from(bytes));
    expect(file?.createdAt.getTime()).toBe(1_700_000_000_000);
    expect(await store.getFile(fileId())).toBeNull();
  });

  it("deleteByEmail erases the person's leads, their history, outbox entries and files", async () => {
    const mine = fileId();
    const theirs = fileId();
    for (const id of [mine, theirs]) {
      await store.putFile({
        id,
        filename: "cv.pdf",
        contentType: "application/pdf",
        bytes: new Uint8Array([37, 80, 68, 70]),
        createdAt: new Date(),
      });
    }
    const a = makeLead({
      formId: "job-application",
      values: {
        email: "Lin.Park@Example.org",
        resume: `https://harbordesk.example/api/files/${mine}`,
      },
    });
    const b = makeLead({ values: { email: "lin.park@example.org", firstname: "Lin" } });
    const other = makeLead({
      values: { email: "sam@example.org", resume: `/api/files/${theirs}` },
    });
    for (const lead of [a, b, other]) await store.insertLead(lead);
    const [delivery] = await store.leaseDue(1, 10_000, new Date());
    if (delivery) {
      await store.completeDelivery(delivery, {
        outcome: "retry",
        status: null,
        detail: "timeout",
        at: new Date(),
        nextAttemptAt: new Date(),
      });
    }

    expect(await store.deleteByEmail("  LIN.PARK@example.org ")).toEqual({ leads: 2, files: 1 });
    expect(await store.getLead(a.id)).toBeNull();
    expect(await store.getLead(b.id)).toBeNull();
    expect(await store.getFile(mine)).toBeNull();
    expect(await store.getFile(theirs)).not.toBeNull();
    expect(await store.getLead(other.id)).not.toBeNull();
    const stats = await store.stats(new Date());
    expect(stats.outboxDepth).toBe(1);
    expect(stats.byState.pending).toBe(1);
    expect(await store.deleteByEmail("nobody@example.org")).toEqual({ leads: 0, files: 0 });
  });

  it("stats count states, outbox depth and the oldest pending lead", async () => {
    const empty = await store.stats(new Date());
    expect(empty).toEqual({
      outboxDepth: 0,
      oldestPendingAt: null,
      byState: { pending: 0, held: 0, delivered: 0, dead: 0, spam: 0 },
    });
    const oldest = new Date("2025-04-01T08:00:00Z");
    await store.insertLead(makeLead({ receivedAt: new Date("2025-04-02T08:00:00Z") }));
    await store.insertLead(makeLead({ receivedAt: oldest }));
    await store.insertLead(
      makeLead({ state: "held", receivedAt: new Date("2025-03-01T00:00:00Z") }),
    );
    await store.insertLead(makeLead({ state: "spam", spamReason: "honeypot" }));
    const stats = await store.stats(new Date());
    expect(stats.outboxDepth).toBe(2);
    expect(stats.oldestPendingAt?.getTime()).toBe(oldest.getTime());
    expect(stats.byState).toEqual({ pending: 2, held: 1, delivered: 0, dead: 0, spam: 1 });
  });

  it("migrations are idempotent and safe when several instances start at once", async () => {
    const lead = makeLead();
    await store.insertLead(lead);
    await store.migrate();
    const others = await Promise.all([handle.open(), handle.open(), handle.open()]);
    await Promise.all(others.map((other) => other.migrate()));
    for (const other of others) expect((await other.getLead(lead.id))?.id).toBe(lead.id);
    await store.ping();
  });

  it("a closed store refuses work with StoreUnavailableError", async () => {
    await store.close();
    await expect(store.ping()).rejects.toMatchObject({ name: "StoreUnavailableError" });
    await expect(store.insertLead(makeLead())).rejects.toMatchObject({
      name: "StoreUnavailableError",
    });
  });
});
