/**
 * Per-IP limits on submit and upload, in memory and shared through the real Redis at
 * 127.0.0.1:6379 (REDIS_URL in CI may point elsewhere). Redis must be up: these tests fail, never
 * skip, when it is not. A Redis that stops answering is a TCP stand-in of the test's own (a
 * forwarder to the real one that can freeze, or a server that never replies): the shared Redis is
 * never paused.
 */
import { randomBytes } from "node:crypto";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter, type RateLimiter } from "./rate-limit.ts";
import { createHarness, type Harness, validDemo } from "./testing.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SUBMIT = "/api/hubspot/submitForm";
const from = (ip: string) => ({ "x-forwarded-for": ip });

/** Fails the test when `promise` has not settled after `ms`, instead of waiting forever. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A TCP server on a free loopback port. `forwardTo` makes it a forwarder to that Redis until
 * `freeze()`: from then on it drops what passes either way and keeps every connection open, as a
 * hung Redis or a black-holed network does. Without it, it accepts and never replies.
 */
async function standIn(forwardTo?: URL) {
  const sockets = new Set<Socket>();
  let frozen = false;
  /** Chunks the clients sent while frozen: commands Redis never saw. */
  let unanswered = 0;
  const server = createServer((client) => {
    const upstream = forwardTo ? connect(Number(forwardTo.port || 6379), forwardTo.hostname) : null;
    for (const socket of upstream ? [client, upstream] : [client]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    if (!upstream) return;
    client.on("data", (chunk) => {
      if (frozen) unanswered += 1;
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk) => frozen || client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    freeze() {
      frozen = true;
    },
    unanswered: () => unanswered,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(await response.json()).toEqual({
    success: false,
    message: "Too many requests. Please wait a moment and try again.",
  });
}

describe("in memory", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({
      rateLimiter: createRateLimiter({ perMinute: 3 }),
      settings: { trustProxyHops: 1 },
    });
  });
  afterAll(async () => h?.close());

  it("answers 429 with Retry-After past the budget, per IP, storing nothing", async () => {
    for (let i = 0; i < 3; i++)
      expect((await h.postJson(SUBMIT, validDemo(), from("198.51.100.1"))).status).toBe(200);
    const body = validDemo();
    await expectLimited(await h.postJson(SUBMIT, body, from("198.51.100.1")));
    expect(await h.store.listLeads({ email: body.email as string })).toEqual([]);
    // Another visitor is not affected.
    expect((await h.postJson(SUBMIT, validDemo(), from("198.51.100.2"))).status).toBe(200);
  });

  it("limits uploads in their own bucket", async () => {
    const upload = () =>
      h.postJson("/api/hubspot/uploadFile", { file: "not-a-data-url" }, from("198.51.100.3"));
    for (let i = 0; i < 3; i++) expect((await upload()).status).toBe(400);
    await expectLimited(await upload());
    expect((await h.postJson(SUBMIT, validDemo(), from("198.51.100.3"))).status).toBe(200);
  });

  it("limits speed beacons in their own bucket, storing nothing past the budget", async () => {
    const beacon = {
      path: "/pricing/",
      template: "template---page",
      metrics: [{ name: "LCP", value: 900, rating: "good", id: "v5-1" }],
    };
    const stored = async () =>
      (await h.store.listVitals({ from: new Date(0), to: new Date(Date.now() + 1000) })).length;
    const before = await stored();
    for (let i = 0; i < 3; i++)
      expect((await h.postJson("/api/vitals", beacon, from("198.51.100.4"))).status).toBe(204);
    const limited = await h.postJson("/api/vitals", beacon, from("198.51.100.4"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBe(before + 3);
    // The visitor's form budget is untouched.
    expect((await h.postJson(SUBMIT, validDemo(), from("198.51.100.4"))).status).toBe(200);
  });

  it("counts one IPv6 /64 as one visitor, and a mapped IPv4 address as that address", async () => {
    // One host may send from any address of its /64: each a budget of its own would be 2^64.
    for (const ip of ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:DB8:5:6:a:b:c:d"])
      expect((await h.postJson(SUBMIT, validDemo(), from(ip))).status).toBe(200);
    await expectLimited(await h.postJson(SUBMIT, validDemo(), from("2001:db8:5:6:ffff::")));
    expect((await h.postJson(SUBMIT, validDemo(), from("2001:db8:5:7::1"))).status).toBe(200);

    for (const ip of ["198.51.100.5", "::ffff:198.51.100.5", "::ffff:c633:6405"])
      expect((await h.postJson(SUBMIT, validDemo(), from(ip))).status).toBe(200);
    await expectLimited(await h.postJson(SUBMIT, validDemo(), from("0:0:0:0:0:ffff:c633:6405")));
  });
});

describe("shared through Redis", () => {
  const prefix = `hd-test-${randomBytes(4).toString("hex")}`;
  let a: Harness;
  let b: Harness;
  let limiters: RateLimiter[];

  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await probe.connect();
      expect(await probe.ping()).toBe("PONG");
    } finally {
      probe.disconnect();
    }
    limiters = [0, 1].map(() =>
      createRateLimiter({ perMinute: 4, redisUrl: REDIS_URL, keyPrefix: prefix }),
    );
    for (const limiter of limiters) await limiter.ready();
    a = await createHarness({ rateLimiter: limiters[0], settings: { trustProxyHops: 1 } });
    b = await createHarness({ rateLimiter: limiters[1], settings: { trustProxyHops: 1 } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const cleanup = new Redis(REDIS_URL);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length > 0) await cleanup.del(...keys);
    cleanup.disconnect();
  });

  it("counts one visitor's requests across two API instances", async () => {
    expect(limiters[0]?.backend).toBe("redis");
    const ip = from("192.0.2.44");
    expect((await a.postJson(SUBMIT, validDemo(), ip)).status).toBe(200);
    expect((await b.postJson(SUBMIT, validDemo(), ip)).status).toBe(200);
    expect((await a.postJson(SUBMIT, validDemo(), ip)).status).toBe(200);
    expect((await b.postJson(SUBMIT, validDemo(), ip)).status).toBe(200);
    await expectLimited(await a.postJson(SUBMIT, validDemo(), ip));
    await expectLimited(await b.postJson(SUBMIT, validDemo(), ip));
    // The count lives in Redis, not in either process.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((key) => key.includes("192.0.2.44"))).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it("keeps answering, limited in memory, when Redis cannot be reached", async () => {
    const errors: Error[] = [];
    const limiter = createRateLimiter({
      perMinute: 2,
      redisUrl: "redis://127.0.0.1:1",
      keyPrefix: prefix,
      onBackendError: (error) => errors.push(error),
    });
    await expect(limiter.ready(300)).rejects.toThrow(/not reachable/);
    const h = await createHarness({ rateLimiter: limiter, settings: { trustProxyHops: 1 } });
    try {
      const ip = from("192.0.2.99");
      expect((await h.postJson(SUBMIT, validDemo(), ip)).status).toBe(200);
      expect((await h.postJson(SUBMIT, validDemo(), ip)).status).toBe(200);
      await expectLimited(await h.postJson(SUBMIT, validDemo(), ip));
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});

describe("when Redis stops answering", () => {
  const prefix = `hd-test-${randomBytes(4).toString("hex")}`;
  /** Redis commands give up after 500 ms; twice that is still an answer, forever is not. */
  const ANSWER_MS = 1_500;

  afterAll(async () => {
    const cleanup = new Redis(REDIS_URL);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length > 0) await cleanup.del(...keys);
    cleanup.disconnect();
  });

  it("answers from memory in bounded time when Redis hangs on a connection it answered on", async () => {
    const redis = await standIn(new URL(REDIS_URL));
    const errors: Error[] = [];
    let clock = Date.now();
    const limiter = createRateLimiter({
      perMinute: 2,
      redisUrl: redis.url,
      keyPrefix: prefix,
      onBackendError: (error) => errors.push(error),
      now: () => clock,
    });
    try {
      await limiter.ready();
      expect(await within(ANSWER_MS, limiter.consume("submit:192.0.2.60"))).toEqual({
        allowed: true,
      });
      redis.freeze();
      // The connection stays "ready": only a deadline on each command notices.
      const ip = "submit:192.0.2.61";
      expect(await within(ANSWER_MS, limiter.consume(ip))).toEqual({ allowed: true });
      expect(await within(ANSWER_MS, limiter.consume(ip))).toEqual({ allowed: true });
      // Still a limit, counted in memory: a refusal, not a failure let through.
      expect(await within(ANSWER_MS, limiter.consume(ip))).toMatchObject({ allowed: false });
      // Told once, not on every request.
      expect(errors.map((error) => error.message)).toEqual(["Command timed out"]);
      // Only the first request waited for Redis: the next ones were counted in memory at once.
      expect(redis.unanswered()).toBe(1);
      // A while later Redis is asked again (and, still hung, counting goes back to memory).
      clock += 5_000;
      expect(await within(ANSWER_MS, limiter.consume("submit:192.0.2.63"))).toEqual({
        allowed: true,
      });
      expect(redis.unanswered()).toBe(2);
    } finally {
      await limiter.close();
      await redis.close();
    }
  });

  it("answers from memory at once when the server never replies, and says so", async () => {
    const silent = await standIn();
    const errors: Error[] = [];
    const limiter = createRateLimiter({
      perMinute: 1,
      redisUrl: silent.url,
      keyPrefix: prefix,
      onBackendError: (error) => errors.push(error),
    });
    try {
      await expect(limiter.ready(300)).rejects.toThrow(/not reachable/);
      const ip = "submit:192.0.2.62";
      expect(await within(ANSWER_MS, limiter.consume(ip))).toEqual({ allowed: true });
      expect(await within(ANSWER_MS, limiter.consume(ip))).toMatchObject({ allowed: false });
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await limiter.close();
      await silent.close();
    }
  });
});

describe("off", () => {
  it("RATE_LIMIT_PER_MINUTE=0 never limits", async () => {
    const limiter = createRateLimiter({ perMinute: 0 });
    expect(limiter.backend).toBe("off");
    for (let i = 0; i < 100; i++) expect(await limiter.consume("x")).toEqual({ allowed: true });
  });
});
