import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { createApi } from "../api.ts";
import type { LeadStore } from "../leads/store/index.ts";
import { createTestStore, type TestStoreHandle } from "../testing/lead-stores.ts";
import { formatReport, p75, parsePeriod, summarise } from "./index.ts";

const payload = {
  path: "/pricing/",
  template: "template---page",
  metrics: [
    { name: "LCP", value: 1234.5, rating: "good", id: "v5-1", navigationType: "navigate" },
    { name: "CLS", value: 0.02, rating: "good", id: "v5-2" },
  ],
};

let handle: TestStoreHandle | null = null;
afterEach(async () => {
  await handle?.cleanup();
  handle = null;
});

/** The API on a fresh lead store (SQLite; the contract suite covers PostgreSQL's vitals). */
async function setup() {
  handle = await createTestStore("sqlite");
  const store: LeadStore = await handle.open();
  const app = new Hono().route("/api", createApi({ vitalsStore: store }));
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request("/api/vitals", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...headers },
    });
  const all = () => store.listVitals({ from: new Date(0), to: new Date(Date.now() + 1000) });
  return { app, store, post, all };
}

describe("POST /api/vitals", () => {
  it("stores each metric of a valid beacon and answers 204", async () => {
    const { post, all } = await setup();
    const response = await post(JSON.stringify(payload));
    expect(response.status).toBe(204);
    expect(
      (await all()).map(({ name, value, path, template }) => ({ name, value, path, template })),
    ).toEqual([
      { name: "LCP", value: 1234.5, path: "/pricing/", template: "template---page" },
      { name: "CLS", value: 0.02, path: "/pricing/", template: "template---page" },
    ]);
  });

  it.each([
    ["not JSON", "{nope", 400],
    [
      "an unknown metric",
      JSON.stringify({ ...payload, metrics: [{ ...payload.metrics[0], name: "FID" }] }),
      422,
    ],
    [
      "a negative value",
      JSON.stringify({ ...payload, metrics: [{ ...payload.metrics[0], value: -1 }] }),
      422,
    ],
    ["a path with no leading slash", JSON.stringify({ ...payload, path: "pricing" }), 422],
    ["no metrics", JSON.stringify({ ...payload, metrics: [] }), 422],
    ["an extra field", JSON.stringify({ ...payload, email: "a@b.example" }), 422],
    ["an oversized body", JSON.stringify({ ...payload, template: "x".repeat(20_000) }), 413],
  ])("refuses %s with a 4xx and stores nothing", async (_label, body, status) => {
    const { post, all } = await setup();
    const response = await post(body as string);
    expect(response.status).toBe(status);
    expect(await all()).toEqual([]);
  });

  it("refuses an oversized body sent without a length as it arrives, not after reading it all", async () => {
    const { app, all } = await setup();
    const chunk = new TextEncoder().encode(" ".repeat(4096));
    const chunks = 1024; // 4 MB, well past the 16 KB cap
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await app.request("/api/vitals", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // The cap is 4 chunks; a stream pulls a little ahead, never the whole body.
    expect(pulled).toBeLessThan(16);
    expect(await all()).toEqual([]);
  });

  it("answers 503 when the store is down, and the page's beacon is simply lost", async () => {
    const { store, post } = await setup();
    await store.close();
    const response = await post(JSON.stringify(payload));
    expect(response.status).toBe(503);
  });

  it("is not offered when the API has no store", async () => {
    const app = new Hono().route("/api", createApi());
    const response = await app.request("/api/vitals", {
      method: "POST",
      body: JSON.stringify(payload),
    });
    expect(response.status).toBe(404);
  });
});

describe("the vitals report", () => {
  it("p75 is the nearest-rank 75th percentile", () => {
    expect(p75([])).toBeNull();
    expect(p75([5])).toBe(5);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([1, 2, 3, 4, 5, 6, 7, 8])).toBe(6);
  });

  it("summarises per template and per page", () => {
    const records = [
      { name: "LCP", value: 1000, path: "/", template: "template---home" },
      { name: "LCP", value: 3000, path: "/", template: "template---home" },
      {
        name: "LCP",
        value: 2000,
        path: "/pricing/",
        template: "template---page",
      },
    ];
    expect(summarise(records, "template")).toEqual([
      { key: "template---home", samples: 2, p75: { LCP: 3000 } },
      { key: "template---page", samples: 1, p75: { LCP: 2000 } },
    ]);
    expect(summarise(records, "path").map((row) => row.key)).toEqual(["/", "/pricing/"]);
    const text = formatReport(records, "last 7d");
    expect(text).toContain("by template:");
    expect(text).toMatch(/template---home\s+2\s+3000 ms/);
  });

  it("reads periods in days, hours and minutes", () => {
    expect(parsePeriod("7d")).toBe(7 * 86_400_000);
    expect(parsePeriod("24h")).toBe(86_400_000);
    expect(parsePeriod("30m")).toBe(1_800_000);
    expect(() => parsePeriod("week")).toThrow(/7d/);
  });
});
