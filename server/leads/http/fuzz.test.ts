/**
 * Hostile payloads (fast-check): random JSON, huge strings, prototype-pollution keys, nested
 * objects, wrong types, random urlencoded bodies and data URLs. Every answer is a 4xx with a JSON
 * or redirect answer, nothing crashes, nothing is stored, and no prototype is polluted.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { allLeads, createHarness, type Harness } from "./testing.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ settings: { uploadMaxBytes: 64 * 1024 } });
});
afterAll(async () => h?.close());

const FORM_IDS = ["book-demo", "apply", "nope", "", "__proto__", "constructor"];
const KEYS = [
  "formId",
  "firstname",
  "email",
  "team_size",
  "message",
  "utm_source",
  "resume",
  "LEGAL_CONSENT.processing",
  "LEGAL_CONSENT.subscription_type_77",
  "submissionId",
  "hd_website",
  "hd_fill_ms",
  "pageUri",
  "hubspotutk",
  "ipAddress",
];
const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "__defineGetter__",
];

const hugeString = fc.integer({ min: 10_001, max: 70_000 }).map((n) => "x".repeat(n));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
);

/** A mostly plausible submission with at least one thing a valid one never has. */
const hostileSubmission = fc
  .record({
    formId: fc.constantFrom(...FORM_IDS),
    plausible: fc.dictionary(
      fc.constantFrom(...KEYS),
      fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue()),
    ),
    poison: fc.oneof(
      fc.record({ key: fc.constantFrom(...HOSTILE_KEYS), value: fc.jsonValue() }),
      fc.record({ key: fc.constantFrom("firstname", "email", "team_size"), value: wrongType }),
      fc.record({ key: fc.constantFrom("message", "firstname", "pageUri"), value: hugeString }),
      fc.record({
        key: fc.string({ minLength: 1, maxLength: 300 }).filter((k) => !KEYS.includes(k)),
        value: fc.jsonValue(),
      }),
    ),
  })
  .map(({ formId, plausible, poison }) => {
    const body: Record<string, unknown> = { formId, ...plausible };
    Object.defineProperty(body, poison.key, {
      value: poison.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return JSON.stringify(body);
  });

const anyJsonText = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value) ?? "null"),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    "{".repeat(5000),
    "[".repeat(10_000),
  ),
);

async function expectHarmless(response: Response) {
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(500);
  expect(response.status).not.toBe(200);
  if (response.status !== 303) {
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe("string");
  } else {
    expect(response.headers.get("location")).toMatch(/^\/(?!\/)/);
    expect(response.headers.get("location")).toContain("hd_status=error");
  }
}

describe("hostile payloads", () => {
  it("JSON submissions: only 4xx, nothing stored", async () => {
    const before = (await allLeads(h.store)).length;
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileSubmission, anyJsonText), async (text) => {
        await expectHarmless(
          await h.post("/api/hubspot/submitForm", text, { "content-type": "application/json" }),
        );
      }),
      { numRuns: 300 },
    );
    expect((await allLeads(h.store)).length).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("urlencoded posts: only 303 back with an error, or 4xx, nothing stored", async () => {
    const before = (await allLeads(h.store)).length;
    const pairs = fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...KEYS, ...HOSTILE_KEYS, "redirectTo"),
          fc.string({ maxLength: 30 }),
        ),
        fc.string({ maxLength: 60 }),
      ),
      { maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(pairs, fc.constantFrom(...HOSTILE_KEYS), async (fields, poison) => {
        const body = new URLSearchParams([...fields, [poison, "1"]]).toString();
        await expectHarmless(
          await h.post("/api/hubspot/submitForm", body, {
            "content-type": "application/x-www-form-urlencoded",
          }),
        );
      }),
      { numRuns: 150 },
    );
    expect((await allLeads(h.store)).length).toBe(before);
  });

  it("uploads: only 4xx, nothing stored", async () => {
    const putFile = vi.spyOn(h.store, "putFile");
    const dataUrl = fc
      .record({
        type: fc.constantFrom(
          "image/png",
          "image/svg+xml",
          "text/html",
          "application/pdf",
          "image/gif",
          "x/y",
        ),
        payload: fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("base64")),
          fc.string({ maxLength: 200 }),
        ),
      })
      .map(({ type, payload }) => `data:${type};base64,${payload}`);
    const body = fc.oneof(
      fc
        .record({
          file: fc.oneof(dataUrl, wrongType, fc.string()),
          filename: fc.oneof(fc.string(), wrongType),
        })
        .map((b) => JSON.stringify(b)),
      anyJsonText,
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        await expectHarmless(
          await h.post("/api/hubspot/uploadFile", text, { "content-type": "application/json" }),
        );
      }),
      { numRuns: 200 },
    );
    expect(putFile).not.toHaveBeenCalled();
  });
});
