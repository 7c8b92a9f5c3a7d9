import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readServerConfig } from "../../config.ts";
import { deliveryConfig, deliveryConfigFromEnv } from "./config.ts";

const ROOT = resolve(import.meta.dirname, "../../..");

describe("deliveryConfigFromEnv", () => {
  it("reads the variables, blank as unset", () => {
    const config = deliveryConfigFromEnv({
      HUBSPOT_PORTAL_ID: "12345",
      HUBSPOT_MAX_PER_10S: "40",
      DELIVERY_BATCH: " ",
    });
    expect(config).toMatchObject({ portalId: "12345", maxPer10s: 40, batchSize: 10 });
  });

  it("names the variable, what it expects and what it got", () => {
    expect(() => deliveryConfigFromEnv({ DELIVERY_BATCH: "abc" })).toThrow(
      /^DELIVERY_BATCH: .*, got "abc"$/,
    );
    expect(() =>
      deliveryConfigFromEnv({ HUBSPOT_PORTAL_ID: "hub-1", DELIVERY_POLL_MS: "-5" }),
    ).toThrow(
      /^HUBSPOT_PORTAL_ID: expected the numeric HubSpot portal \(hub\) id, got "hub-1"\nDELIVERY_POLL_MS: /,
    );
  });

  it("refuses a request timeout the lease cannot hold, naming both variables and the rule", () => {
    // A worker sends only with a request timeout and a second of lease left: with less, it
    // would skip every lead as "lease too short", forever.
    const rule =
      /^DELIVERY_LEASE_MS \(60000\) must be more than HUBSPOT_TIMEOUT_MS \(60000\) \+ 1000 ms: /;
    expect(() => deliveryConfigFromEnv({ HUBSPOT_TIMEOUT_MS: "60000" })).toThrow(rule);
    expect(() =>
      deliveryConfigFromEnv({ HUBSPOT_TIMEOUT_MS: "10000", DELIVERY_LEASE_MS: "11000" }),
    ).toThrow(/DELIVERY_LEASE_MS \(11000\) must be more than HUBSPOT_TIMEOUT_MS \(10000\)/);
    expect(
      deliveryConfigFromEnv({ HUBSPOT_TIMEOUT_MS: "10000", DELIVERY_LEASE_MS: "11001" }).leaseMs,
    ).toBe(11_001);
    // Settings passed in code are held to the same rule.
    expect(() => deliveryConfig({ requestTimeoutMs: 5_000, leaseMs: 3_000 })).toThrow(
      /DELIVERY_LEASE_MS \(3000\) must be more than HUBSPOT_TIMEOUT_MS \(5000\)/,
    );
    // A value that is wrong on its own is reported alone, as before.
    expect(() =>
      deliveryConfigFromEnv({ HUBSPOT_TIMEOUT_MS: "abc", DELIVERY_LEASE_MS: "5" }),
    ).toThrow(/^HUBSPOT_TIMEOUT_MS: .*, got "abc"$/);
  });

  it("holds the API process and the worker to one rule for the pace", () => {
    // A fraction once started the server and stopped `npm run worker` with a raw error.
    const env = { HUBSPOT_MAX_PER_10S: "2.5" };
    expect(() => deliveryConfigFromEnv(env)).toThrow(/^HUBSPOT_MAX_PER_10S: /);
    expect(() => readServerConfig(env, ROOT)).toThrow(/^HUBSPOT_MAX_PER_10S: /);
    expect(readServerConfig({ HUBSPOT_MAX_PER_10S: "25" }, ROOT).leads.hubspot.maxPer10s).toBe(25);
  });
});

/** Runs `npm run worker` (its entry point) with `env` over a fresh, empty DATA_DIR. */
function runWorker(env: Record<string, string>, timeout: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "hd-worker-"));
  try {
    return spawnSync(process.execPath, [join(ROOT, "server/leads/worker-main.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
      encoding: "utf8",
      timeout,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("npm run worker", () => {
  it("reads an empty FORMS_DIR as unset, as the server does", () => {
    const result = runWorker({ FORMS_DIR: "", HUBSPOT_PORTAL_ID: "" }, 60_000);
    // It found the site's forms, then stopped as it does with no portal to send to.
    expect(result.stderr + result.stdout).not.toMatch(/FormDefinitionError|Invalid form/);
    expect(result.stdout + result.stderr).toMatch(/HUBSPOT_PORTAL_ID/);
    expect(result.status).toBe(1);
  });

  it("refuses to start with a request timeout its lease cannot hold", () => {
    // A worker that started would run until killed: the timeout ends that case.
    const result = runWorker(
      { HUBSPOT_PORTAL_ID: "12345", HUBSPOT_TIMEOUT_MS: "60000", DELIVERY_LEASE_MS: "" },
      15_000,
    );
    expect(result.stderr).toMatch(
      /DELIVERY_LEASE_MS \(60000\) must be more than HUBSPOT_TIMEOUT_MS \(60000\) \+ 1000 ms/,
    );
    expect(result.stdout).not.toMatch(/delivery\.started/);
    expect(result.status).toBe(1);
  });
});
