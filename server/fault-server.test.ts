/** The e2e fault server (tests/e2e/support/fault-server.ts) over real HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FaultServer,
  pathMatches,
  startFaultServer,
} from "../tests/e2e/support/fault-server.ts";
import { createFixtureRoot, FIXTURE, type FixtureRoot } from "./testing/fixture.ts";
import { rawRequest } from "./testing/http.ts";

let fixture: FixtureRoot;
let site: FaultServer;

beforeAll(async () => {
  fixture = await createFixtureRoot();
  site = await startFaultServer({ root: fixture.root });
});

afterAll(async () => {
  await site?.close();
  await fixture?.remove();
});

afterEach(() => {
  site.faults.clear();
  site.requests.clear();
});

const get = (target: string, headers?: Record<string, string>) =>
  rawRequest(site.port, target, { headers });

describe("without faults", () => {
  it("serves the real app and logs the request", async () => {
    expect(site.url).toBe(`http://127.0.0.1:${site.port}`);
    const response = await get("/blog/hello-world/?utm_source=x");
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(FIXTURE.blogPost);
    expect(response.headers["x-frame-options"]).toBe("DENY");
    const [entry] = site.requests.entries();
    expect(entry).toMatchObject({
      method: "GET",
      path: "/blog/hello-world/?utm_source=x",
      status: 200,
    });
    expect(entry?.fault).toBeUndefined();
    expect(Math.abs((entry?.time ?? 0) - Date.now())).toBeLessThan(5_000);
  });
});

describe("status faults", () => {
  it("answers the faulted path only, with the given status", async () => {
    site.faults.set("/page-data/index/page-data.json", { status: 500 });
    const faulted = await get("/page-data/index/page-data.json");
    expect(faulted.status).toBe(500);
    expect(faulted.body.toString()).toBe("Fault injected: 500");
    expect(faulted.headers["cache-control"]).toBe("no-store");
    expect((await get("/page-data/app-data.json")).status).toBe(200);
    expect(site.requests.entries("/page-data/index/page-data.json")).toEqual([
      expect.objectContaining({ status: 500, fault: "status" }),
    ]);
  });

  it("takes a custom body and headers, and sends no body to HEAD", async () => {
    site.faults.set("/x", { status: 404, body: "gone", headers: { "x-test": "1" } });
    const response = await get("/x");
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe("gone");
    expect(response.headers["x-test"]).toBe("1");
    const headed = await rawRequest(site.port, "/x", { method: "HEAD" });
    expect(headed.status).toBe(404);
    expect(headed.body.length).toBe(0);
  });

  it("matches a RegExp against the pathname, and a string against path or path+query", async () => {
    site.faults.set(/^\/page-data\/sq\//, { status: 503 });
    site.faults.set("/robots.txt?v=2", { status: 410 });
    expect((await get("/page-data/sq/d/123.json")).status).toBe(503);
    expect((await get("/page-data/sq/d/123.json?x=1")).status).toBe(503);
    expect((await get("/robots.txt")).status).toBe(200);
    expect((await get("/robots.txt?v=2")).status).toBe(410);
  });
});

describe("drop", () => {
  it("destroys the socket without answering", async () => {
    site.faults.set("/page-data/app-data.json", { drop: true });
    await expect(get("/page-data/app-data.json")).rejects.toThrow(/socket hang up|ECONNRESET/);
    await expect(fetch(`${site.url}/page-data/app-data.json`)).rejects.toThrow();
    expect(site.requests.entries("/page-data/app-data.json")).toEqual([
      expect.objectContaining({ status: 0, fault: "drop" }),
      expect.objectContaining({ status: 0, fault: "drop" }),
    ]);
    // The server itself is unharmed.
    expect((await get("/")).status).toBe(200);
  });
});

describe("delay", () => {
  it("waits, then serves normally", async () => {
    site.faults.set("/robots.txt", { delayMs: 300 });
    const started = performance.now();
    const response = await get("/robots.txt");
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe("User-agent: *\nAllow: /\n");
    expect(site.requests.entries("/robots.txt")[0]?.fault).toBe("delay");
  });

  it("precedes another fault when combined", async () => {
    site.faults.set("/robots.txt", { delayMs: 200, status: 502 });
    const started = performance.now();
    const response = await get("/robots.txt");
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(response.status).toBe(502);
  });

  it("does not slow other paths", async () => {
    site.faults.set("/robots.txt", { delayMs: 5_000 });
    const started = performance.now();
    expect((await get("/")).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("rewrites", () => {
  it("rewriteJson transforms the real JSON, bypassing compression and validators", async () => {
    const real = await get("/page-data/app-data.json");
    site.faults.set("/page-data/app-data.json", {
      rewriteJson: (json) => ({ ...json, compilationHash: "changed" }),
    });
    const response = await get("/page-data/app-data.json", {
      "accept-encoding": "br, gzip",
      "if-none-match": String(real.headers.etag),
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(JSON.parse(response.body.toString())).toEqual({ compilationHash: "changed" });
    expect(site.requests.entries("/page-data/app-data.json").at(-1)?.fault).toBe("rewriteJson");
  });

  it("rewriteText transforms the plain HTML even when a .br sibling exists", async () => {
    const seen: string[] = [];
    site.faults.set("/blog/hello-world/", {
      rewriteText: (text) => {
        seen.push(text);
        return text.replace("Hello world", "Rewritten");
      },
    });
    const response = await get("/blog/hello-world/", { "accept-encoding": "br" });
    expect(seen).toEqual([FIXTURE.blogPost]);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body.toString()).toBe("<!doctype html><title>Rewritten</title>");
  });

  it("keeps the app's status (a rewrite of a 404 stays a 404)", async () => {
    site.faults.set("/missing/", { rewriteText: (text) => `${text}<!-- x -->` });
    const response = await get("/missing/");
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe(`${FIXTURE.notFound}<!-- x -->`);
  });

  it("answers 500 naming the problem when the body is not JSON", async () => {
    site.faults.set("/robots.txt", { rewriteJson: (json) => json });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await get("/robots.txt");
      expect(response.status).toBe(500);
      expect(response.body.toString()).toMatch(/rewriteJson for \/robots\.txt failed/);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});

describe("times", () => {
  it("applies a fault to the first n matching requests only", async () => {
    site.faults.set("/page-data/app-data.json", { status: 503, times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get("/page-data/app-data.json")).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
    expect(site.faults.size).toBe(0);
  });

  it("counts only matching requests", async () => {
    site.faults.set(/app-data/, { drop: true, times: 1 });
    expect((await get("/")).status).toBe(200);
    await expect(get("/page-data/app-data.json")).rejects.toThrow();
    expect((await get("/page-data/app-data.json")).status).toBe(200);
  });
});

describe("the fault table", () => {
  it("replaces, deletes and clears faults; equal RegExps are one key", async () => {
    site.faults.set(/^\/robots/, { status: 500 });
    site.faults.set(/^\/robots/, { status: 501 });
    expect(site.faults.size).toBe(1);
    expect((await get("/robots.txt")).status).toBe(501);
    expect(site.faults.delete(/^\/robots/)).toBe(true);
    expect((await get("/robots.txt")).status).toBe(200);
    site.faults.set("/a", { status: 500 });
    site.faults.set("/b", { status: 500 });
    site.faults.clear();
    expect(site.faults.size).toBe(0);
  });

  it("tries faults in the order they were set", async () => {
    site.faults.set(/^\/page-data\//, { status: 500 });
    site.faults.set("/page-data/app-data.json", { status: 503 });
    expect((await get("/page-data/app-data.json")).status).toBe(500);
  });

  it.each([
    [{}, /needs one of/],
    [{ status: 500, drop: true as const }, /one of/],
    [{ status: 500, times: 0 }, /times/],
    [{ status: 500, times: 1.5 }, /times/],
    [{ delayMs: -1 }, /delayMs/],
  ])("refuses the malformed fault %j", (fault, message) => {
    expect(() => site.faults.set("/x", fault)).toThrow(message);
  });
});

describe("the request log", () => {
  it("counts by path or RegExp and method, and clears", async () => {
    await get("/page-data/index/page-data.json");
    await get("/page-data/index/page-data.json?x=1");
    await rawRequest(site.port, "/", { method: "HEAD" });
    await get("/");
    await fetch(`${site.url}/api/health`);

    expect(site.requests.count()).toBe(5);
    expect(site.requests.count("/page-data/index/page-data.json")).toBe(2);
    expect(site.requests.count("/page-data/index/page-data.json?x=1")).toBe(1);
    expect(site.requests.count(/^\/page-data\//)).toBe(2);
    expect(site.requests.count("/", "HEAD")).toBe(1);
    expect(site.requests.count("/", "get")).toBe(1);
    expect(site.requests.entries("/api/health")).toEqual([
      expect.objectContaining({ method: "GET", status: 200 }),
    ]);
    site.requests.clear();
    expect(site.requests.count()).toBe(0);
  });

  it("returns copies, not live entries", async () => {
    await get("/");
    const [entry] = site.requests.entries();
    if (entry) entry.status = 999;
    expect(site.requests.entries()[0]?.status).toBe(200);
  });
});

describe("pathMatches", () => {
  it("resets a global RegExp between calls", () => {
    const key = /app-data/g;
    expect(pathMatches(key, "/page-data/app-data.json")).toBe(true);
    expect(pathMatches(key, "/page-data/app-data.json")).toBe(true);
  });
});

describe("close", () => {
  it("closes promptly with a request still delayed, and then refuses connections", async () => {
    const other = await startFaultServer({ root: fixture.root });
    other.faults.set("/", { delayMs: 60_000 });
    const pending = rawRequest(other.port, "/").catch(() => "cut off");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await pending).toBe("cut off");
    await expect(rawRequest(other.port, "/")).rejects.toThrow(/ECONNREFUSED/);
  });
});
