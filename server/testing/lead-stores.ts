/**
 * Test stores for both engines: SQLite in a fresh temp folder, PostgreSQL in a fresh schema of
 * the local `test` database (dropped afterwards). PostgreSQL must be reachable: a test that
 * opens it fails when it is not — it never skips.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openLeadStore, type StoreConfig } from "../leads/store/index.ts";
import type { LeadStore, NewLead } from "../leads/store/types.ts";

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Engine = "sqlite" | "postgres";
export const ENGINES: readonly Engine[] = ["sqlite", "postgres"];

export interface TestStoreHandle {
  config: StoreConfig;
  /** Opens (and migrates) one more store on the same database. */
  open(overrides?: Partial<StoreConfig>): Promise<LeadStore>;
  /** Closes every store opened here and removes the database. */
  cleanup(): Promise<void>;
}

export async function createTestStore(engine: Engine): Promise<TestStoreHandle> {
  const opened: LeadStore[] = [];
  let config: StoreConfig;
  let remove: () => Promise<void>;
  if (engine === "sqlite") {
    const dir = await mkdtemp(path.join(tmpdir(), "hd-leads-"));
    config = { dataDir: dir };
    remove = () => rm(dir, { recursive: true, force: true });
  } else {
    const schema = `lead_test_${randomBytes(6).toString("hex")}`;
    config = { databaseUrl: TEST_DATABASE_URL, pgSchema: schema };
    remove = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    };
  }
  return {
    config,
    async open(overrides = {}) {
      const store = await openLeadStore({ ...config, ...overrides });
      opened.push(store);
      return store;
    },
    async cleanup() {
      for (const store of opened) await store.close().catch(() => {});
      await remove();
    },
  };
}

let counter = 0;

/** A valid new lead; every call has a distinct email. */
export function makeLead(overrides: Partial<NewLead> = {}): NewLead {
  counter += 1;
  return {
    id: randomUUID(),
    submissionId: null,
    formId: "contact-sales",
    formVersion: "v-test",
    crmFormGuid: "c4d5e6f7-8a9b-4c0d-8e1f-2a3b4c5d6e7f",
    values: {
      firstname: "Ada",
      lastname: "Quinn",
      email: `ada.quinn+${counter}.${randomBytes(3).toString("hex")}@northwind.example`,
      company: "Northwind Freight",
      monthly_contacts: "2000-10000",
    },
    consent: { "LEGAL_CONSENT.processing": true, "LEGAL_CONSENT.subscription_type_201": false },
    context: { pageUri: "https://harbordesk.example/pricing/", pageName: "Pricing" },
    attribution: {},
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (test)",
    receivedAt: new Date(Date.UTC(2025, 4, 1, 12, 0, counter % 60)),
    state: "pending",
    spamReason: null,
    ...overrides,
  };
}
