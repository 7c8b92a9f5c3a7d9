import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readServerConfig } from "../../config.ts";
import { deliveryConfigFromEnv } from "./config.ts";

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

  it("holds the API process and the worker to one rule for the pace", () => {
    // A fraction once started the server and stopped `npm run worker` with a raw error.
    const env = { HUBSPOT_MAX_PER_10S: "2.5" };
    expect(() => deliveryConfigFromEnv(env)).toThrow(/^HUBSPOT_MAX_PER_10S: /);
    expect(() => readServerConfig(env, ROOT)).toThrow(/^HUBSPOT_MAX_PER_10S: /);
    expect(readServerConfig({ HUBSPOT_MAX_PER_10S: "25" }, ROOT).leads.hubspot.maxPer10s).toBe(25);
  });
});

describe("npm run worker", () => {
  it("reads an empty FORMS_DIR as unset, as the server does", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hd-worker-"));
    try {
      const result = spawnSync(process.execPath, [join(ROOT, "server/leads/worker-main.ts")], {
        cwd: ROOT,
        env: {
          ...process.env,
          FORMS_DIR: "",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          HUBSPOT_PORTAL_ID: "",
        },
        encoding: "utf8",
        timeout: 60_000,
      });
      // It found the site's forms, then stopped as it does with no portal to send to.
      expect(result.stderr + result.stdout).not.toMatch(/FormDefinitionError|Invalid form/);
      expect(result.stdout + result.stderr).toMatch(/HUBSPOT_PORTAL_ID/);
      expect(result.status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
