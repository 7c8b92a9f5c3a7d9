/**
 * The API as a serverless function (server/function.ts), on the machine's PostgreSQL (fails,
 * never skips, when it is down): the site's real forms, a lead stored and answered, no
 * delivery worker inside; refused without DATABASE_URL, and without a source for the caller's IP
 * (a function has no socket); callers counted apart by the platform's client-IP header; and an
 * instance whose database was out of reach at its first request starts once it is back.
 */
import { randomBytes } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { resolve } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { clientIpHeader, createFunctionHandler, type FunctionHandler } from "./function.ts";
import { TEST_DATABASE_URL } from "./testing/lead-stores.ts";
import { closedPort } from "./testing/tcp.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SITE = "https://harbordesk.example";
const schemas: string[] = [];
const handlers: FunctionHandler[] = [];

function handlerOn(
  databaseUrl: string | undefined,
  /** Where the caller's IP comes from, and other settings; without one the start is refused. */
  extraEnv: Record<string, string> = { TRUST_PROXY: "1" },
): FunctionHandler {
  const schema = `fn_test_${randomBytes(6).toString("hex")}`;
  schemas.push(schema);
  const handler = createFunctionHandler(
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      FORMS_DIR: "content/forms",
      ...extraEnv,
    },
    ROOT,
  );
  handlers.push(handler);
  return handler;
}

function submit(
  handler: FunctionHandler,
  email: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return handler.handle(
    new Request(`${SITE}/api/hubspot/submitForm`, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json", ...headers },
      body: JSON.stringify({
        formId: "demo-request",
        firstname: "Ada",
        lastname: "Lovelace",
        email,
        company: "Northwind",
        team_size: "6-20",
        pageUri: `${SITE}/lp/get-a-demo/`,
        pageName: "Get a demo",
      }),
    }),
  );
}

async function leadStates(schema: string, email: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT delivery_state FROM ${schema}.leads WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows.map((row) => row.delivery_state as string);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const handler of handlers) await handler.close();
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
});

describe("the serverless function", () => {
  it("stores a lead for one of the site's forms in PostgreSQL and leaves delivery to the worker", async () => {
    const handler = handlerOn(TEST_DATABASE_URL);
    const response = await submit(handler, "ada@northwind.example");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    // No HUBSPOT_PORTAL_ID here: stored as held, and nothing in the function sends it.
    expect(await leadStates(schemas.at(-1) as string, "ada@northwind.example")).toEqual(["held"]);
    const health = await handler.handle(new Request(`${SITE}/api/health`));
    expect(health.status).toBe(200);
    // The API's own answers: security headers and no caching, as from the Node server.
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(health.headers.get("content-security-policy")).toContain("script-src");
  });

  it("answers 500 without DATABASE_URL, saying why in the log and not to the visitor", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await submit(handlerOn(undefined), "grace@northwind.example");
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ success: false, message: "Internal server error" });
      expect(String(errors.mock.calls[0]?.[1])).toMatch(/^DATABASE_URL is not set/);
    } finally {
      errors.mockRestore();
    }
  });

  it("refuses to start without CLIENT_IP_HEADER or TRUST_PROXY while it rate-limits", async () => {
    // Without either, every caller would be "unknown": one budget for all visitors.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await submit(handlerOn(TEST_DATABASE_URL, {}), "ida@northwind.example");
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ success: false, message: "Internal server error" });
      expect(String(errors.mock.calls[0]?.[1])).toMatch(
        /^Neither CLIENT_IP_HEADER nor TRUST_PROXY is set: a serverless function has no socket/,
      );
    } finally {
      errors.mockRestore();
    }
  });

  it("counts callers apart by the IP the platform's header names, not what the client wrote", async () => {
    const handler = handlerOn(TEST_DATABASE_URL, {
      CLIENT_IP_HEADER: "X-Real-IP",
      RATE_LIMIT_PER_MINUTE: "1",
    });
    const first = { "x-real-ip": "203.0.113.10" };
    expect((await submit(handler, "ann@northwind.example", first)).status).toBe(200);
    const again = await submit(handler, "ann@northwind.example", {
      ...first,
      "x-forwarded-for": "198.51.100.99",
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another visitor of the same instance is not affected.
    const other = { "x-real-ip": "203.0.113.11" };
    expect((await submit(handler, "bob@northwind.example", other)).status).toBe(200);
    const ip = await handler.handle(new Request(`${SITE}/api/ip`, { headers: other }));
    expect(await ip.json()).toEqual({ ip: "203.0.113.11" });
  });

  it("says once when requests arrive without the configured client IP, and answers them", async () => {
    const handler = handlerOn(TEST_DATABASE_URL, { CLIENT_IP_HEADER: "x-real-ip" });
    const written = vi.spyOn(process.stdout, "write");
    try {
      expect((await submit(handler, "cy@northwind.example")).status).toBe(200);
      expect((await submit(handler, "cy@northwind.example")).status).toBe(200);
      const told = written.mock.calls
        .map(([chunk]) => String(chunk))
        .filter((line) => line.includes('"event":"function.no_client_ip"'));
      expect(told).toHaveLength(1);
      expect(JSON.parse(told[0] as string)).toMatchObject({ source: "CLIENT_IP_HEADER" });
    } finally {
      written.mockRestore();
    }
  });

  it("starts on a later request when the database was out of reach at the first", async () => {
    const port = await closedPort();
    const url = new URL(TEST_DATABASE_URL);
    url.port = String(port);
    const handler = handlerOn(url.toString());
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let proxy: Server | null = null;
    const sockets = new Set<Socket>();
    try {
      expect((await submit(handler, "first@northwind.example")).status).toBe(500);
      // The database comes back on the same address: a forwarder to the real one.
      proxy = createServer((client) => {
        const upstream = connect(Number(new URL(TEST_DATABASE_URL).port || 5432), "127.0.0.1");
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((done) => proxy?.listen(port, "127.0.0.1", done));
      const later = await submit(handler, "later@northwind.example");
      expect(later.status).toBe(200);
      expect(await leadStates(schemas.at(-1) as string, "later@northwind.example")).toEqual([
        "held",
      ]);
    } finally {
      errors.mockRestore();
      await handler.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => (proxy ? proxy.close(() => done()) : done()));
    }
  });
});

describe("clientIpHeader", () => {
  const limited = { trustProxyHops: 0, rateLimitPerMinute: 20 };
  it("takes the platform's header by name, lower-cased", () => {
    expect(clientIpHeader({ CLIENT_IP_HEADER: " X-NF-Client-Connection-IP " }, limited)).toBe(
      "x-nf-client-connection-ip",
    );
  });
  it("needs no header behind TRUST_PROXY, or when nothing is rate-limited", () => {
    expect(clientIpHeader({}, { ...limited, trustProxyHops: 1 })).toBeNull();
    expect(
      clientIpHeader({ CLIENT_IP_HEADER: "" }, { ...limited, rateLimitPerMinute: 0 }),
    ).toBeNull();
  });
  it("refuses no source at all, a malformed name and X-Forwarded-For", () => {
    expect(() => clientIpHeader({}, limited)).toThrow(/^Neither CLIENT_IP_HEADER nor TRUST_PROXY/);
    expect(() => clientIpHeader({ CLIENT_IP_HEADER: "x-real-ip:" }, limited)).toThrow(
      /must be a header name/,
    );
    expect(() => clientIpHeader({ CLIENT_IP_HEADER: "X-Forwarded-For" }, limited)).toThrow(
      /TRUST_PROXY/,
    );
  });
});
