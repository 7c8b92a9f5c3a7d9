import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HUBSPOT_API_BASE,
  DEFAULT_HUBSPOT_MAX_PER_10S,
  readLeadsConfig,
  readServerConfig,
} from "./config.ts";
import { DEFAULT_HOST, DEFAULT_PORT } from "./constants.ts";

describe("readServerConfig", () => {
  it("defaults to port 8000 on all interfaces serving ./public quietly", () => {
    expect(readServerConfig({}, "/srv/app")).toEqual({
      port: DEFAULT_PORT,
      host: DEFAULT_HOST,
      root: path.resolve("/srv/app/public"),
      logRequests: false,
      processes: 1,
      csp: {},
      leads: readLeadsConfig({}, "/srv/app"),
    });
    expect(DEFAULT_PORT).toBe(8000);
  });

  it("reads PORT, HOST, HD_OUT_DIR (relative to cwd or absolute) and LOG_REQUESTS", () => {
    const config = readServerConfig(
      { PORT: "0", HOST: "127.0.0.1", HD_OUT_DIR: "dist/site", LOG_REQUESTS: "1" },
      "/srv/app",
    );
    expect(config).toMatchObject({
      port: 0,
      host: "127.0.0.1",
      root: path.resolve("/srv/app/dist/site"),
      logRequests: true,
    });
    expect(readServerConfig({ HD_OUT_DIR: "/tmp/out" }, "/srv/app").root).toBe("/tmp/out");
  });

  it("reads WEB_CONCURRENCY as the number of server processes", () => {
    expect(readServerConfig({ WEB_CONCURRENCY: "4" }, "/").processes).toBe(4);
    expect(readServerConfig({ WEB_CONCURRENCY: " " }, "/").processes).toBe(1);
  });

  it("reads CSP extras as space- or comma-separated lists", () => {
    const { csp } = readServerConfig(
      {
        CSP_SCRIPT_SRC: "https://a.example  https://b.example",
        CSP_CONNECT_SRC: "https://api.ipify.org,https://c.example",
        CSP_REPORT_URI: "/csp",
      },
      "/",
    );
    expect(csp).toEqual({
      scriptSrc: ["https://a.example", "https://b.example"],
      connectSrc: ["https://api.ipify.org", "https://c.example"],
      reportUri: "/csp",
    });
  });

  it.each([
    ["PORT", "80a"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["LOG_REQUESTS", "maybe"],
    ["WEB_CONCURRENCY", "0"],
    ["WEB_CONCURRENCY", "2.5"],
    ["WEB_CONCURRENCY", "65"],
  ])("rejects %s=%s with a message naming it", (name, value) => {
    expect(() => readServerConfig({ [name]: value }, "/")).toThrow(name);
  });
});

describe("readLeadsConfig", () => {
  it("needs no configuration: SQLite in ./data, memory rate limits, leads held, worker on", () => {
    const config = readLeadsConfig({}, "/srv/app");
    expect(config).toMatchObject({
      store: { dataDir: path.resolve("/srv/app/data"), databaseUrl: undefined },
      redisUrl: null,
      hubspot: {
        apiBase: DEFAULT_HUBSPOT_API_BASE,
        portalId: null,
        accessToken: null,
        maxPer10s: DEFAULT_HUBSPOT_MAX_PER_10S,
      },
      trustProxyHops: 0,
      rateLimitPerMinute: 20,
      uploadMaxBytes: 10 * 1024 * 1024,
      allowedOrigins: [],
      formsDir: path.resolve("/srv/app/content/forms"),
      deliveryWorker: true,
    });
    expect(DEFAULT_HUBSPOT_API_BASE).toBe("https://api.hsforms.com");
    expect(DEFAULT_HUBSPOT_MAX_PER_10S).toBeLessThan(50);
  });

  it("reads every variable", () => {
    const config = readLeadsConfig(
      {
        DATA_DIR: "var/leads",
        DATABASE_URL: "postgres://db.internal/leads",
        REDIS_URL: "redis://cache.internal:6379",
        HUBSPOT_API_BASE: "http://127.0.0.1:9000/",
        HUBSPOT_PORTAL_ID: "4412345",
        HUBSPOT_ACCESS_TOKEN: "pat-na1-secret",
        HUBSPOT_MAX_PER_10S: "90",
        TRUST_PROXY: "2",
        RATE_LIMIT_PER_MINUTE: "0",
        UPLOAD_MAX_BYTES: "2097152",
        ALLOWED_ORIGINS: "https://Partner.example, https://events.partner.example:8443",
        FORMS_DIR: "/etc/forms",
        DELIVERY_WORKER: "0",
      },
      "/srv/app",
    );
    expect(config).toEqual({
      store: expect.objectContaining({
        dataDir: path.resolve("/srv/app/var/leads"),
        databaseUrl: "postgres://db.internal/leads",
      }),
      redisUrl: "redis://cache.internal:6379",
      hubspot: {
        apiBase: "http://127.0.0.1:9000",
        portalId: "4412345",
        accessToken: "pat-na1-secret",
        maxPer10s: 90,
      },
      trustProxyHops: 2,
      rateLimitPerMinute: 0,
      uploadMaxBytes: 2_097_152,
      allowedOrigins: ["https://partner.example", "https://events.partner.example:8443"],
      formsDir: "/etc/forms",
      deliveryWorker: false,
    });
  });

  it("reads TRUST_PROXY as a flag or a hop count", () => {
    expect(readLeadsConfig({ TRUST_PROXY: "1" }, "/").trustProxyHops).toBe(1);
    expect(readLeadsConfig({ TRUST_PROXY: "true" }, "/").trustProxyHops).toBe(1);
    expect(readLeadsConfig({ TRUST_PROXY: "off" }, "/").trustProxyHops).toBe(0);
    expect(readLeadsConfig({ TRUST_PROXY: "3" }, "/").trustProxyHops).toBe(3);
  });

  it.each([
    ["TRUST_PROXY", "everyone"],
    ["RATE_LIMIT_PER_MINUTE", "-5"],
    ["RATE_LIMIT_PER_MINUTE", "lots"],
    ["UPLOAD_MAX_BYTES", "0"],
    ["UPLOAD_MAX_BYTES", "10MB"],
    ["UPLOAD_MAX_BYTES", String(200 * 1024 * 1024)],
    ["ALLOWED_ORIGINS", "partner.example"],
    ["ALLOWED_ORIGINS", "https://partner.example/path"],
    ["HUBSPOT_API_BASE", "ftp://hubspot.example"],
    ["HUBSPOT_PORTAL_ID", "44/../../x"],
    ["HUBSPOT_MAX_PER_10S", "0"],
    ["DELIVERY_WORKER", "sometimes"],
  ])("rejects %s=%s with a message naming it", (name, value) => {
    expect(() => readLeadsConfig({ [name]: value }, "/")).toThrow(name);
  });
});
