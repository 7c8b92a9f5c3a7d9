/**
 * `npm run leads` end to end: the real CLI process against a SQLite store in a temp folder,
 * checked against the stored state afterwards.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeLastTouch } from "../../src/attribution/index.ts";
import { createTestStore, makeLead, type TestStoreHandle } from "../testing/lead-stores.ts";
import { csvCell, NO_PORTAL_NOTE } from "./cli-commands.ts";
import type { LeadStore } from "./store/types.ts";

const run = promisify(execFile);
const CLI = resolve("server/leads/cli.ts");

let handle: TestStoreHandle;
let store: LeadStore;

async function leads(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return leadsWith({}, ...args);
}

async function leadsWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: {
        ...process.env,
        DATA_DIR: handle.config.dataDir,
        DATABASE_URL: "",
        HUBSPOT_PORTAL_ID: "",
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const google = makeLead({
  receivedAt: new Date("2025-05-01T09:00:00Z"),
  attribution: {
    attr_last_touch: encodeLastTouch({
      source: "google",
      medium: "cpc",
      campaign: "spring",
      term: "",
      content: "",
    }),
  },
  values: { email: "ines@fabrikam.example", firstname: "Ines", company: '=HYPERLINK("x")' },
});
const google2 = makeLead({
  receivedAt: new Date("2025-05-02T09:00:00Z"),
  attribution: {
    attr_last_touch: encodeLastTouch({
      source: "google",
      medium: "organic",
      campaign: "",
      term: "",
      content: "",
    }),
  },
});
const newsletter = makeLead({
  receivedAt: new Date("2025-05-03T09:00:00Z"),
  context: { pageUri: "https://harbordesk.example/demo/?utm_source=newsletter&utm_medium=email" },
});
const spam = makeLead({
  state: "spam",
  spamReason: "honeypot",
  receivedAt: new Date("2025-05-04T09:00:00Z"),
});
const fileId = randomBytes(18).toString("base64url");
const applicant = makeLead({
  formId: "job-application",
  state: "held",
  receivedAt: new Date("2025-05-05T09:00:00Z"),
  values: { email: "Omar@Contoso.example", resume: `/api/files/${fileId}` },
});

beforeAll(async () => {
  handle = await createTestStore("sqlite");
  store = await handle.open();
  for (const lead of [google, google2, newsletter, spam, applicant]) await store.insertLead(lead);
  await store.putFile({
    id: fileId,
    filename: "cv.pdf",
    contentType: "application/pdf",
    bytes: new Uint8Array([37, 80, 68, 70]),
    createdAt: new Date(),
  });
  // google2 was refused by the CRM.
  const leased = await store.leaseDue(10, 60_000, new Date("2025-06-01T00:00:00Z"));
  const refused = leased.find((d) => d.leadId === google2.id);
  if (!refused) throw new Error("google2 not leased");
  await store.completeDelivery(refused, {
    outcome: "dead",
    status: 400,
    detail: "INVALID_EMAIL: bad",
    at: new Date(),
  });
});
afterAll(async () => {
  await handle.cleanup();
});

// Each run starts a Node process; on a busy machine that alone can take seconds.
describe("npm run leads", { timeout: 90_000 }, () => {
  it("list shows the newest first, filtered by state", async () => {
    const all = await leads("list");
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split("\n");
    expect(lines[0]).toContain(applicant.id);
    expect(lines.at(-1)).toBe("5 lead(s)");
    const dead = await leads("list", "--state", "dead");
    expect(dead.stdout).toContain(google2.id);
    expect(dead.stdout).toContain("1 lead(s)");
  });

  it("show prints one lead with its history and source; an unknown id exits 1", async () => {
    const shown = await leads("show", google2.id);
    expect(shown.code).toBe(0);
    const lead = JSON.parse(shown.stdout);
    expect(lead.id).toBe(google2.id);
    expect(lead.deadReason).toBe("INVALID_EMAIL: bad");
    expect(lead.history[0].outcome).toBe("dead");
    expect(lead.source).toBe("google");
    expect((await leads("show", "nope")).code).toBe(1);
  });

  it("stats --by source groups by the last-touch utm source, then the page's utm_source", async () => {
    const stats = await leads("stats", "--by", "source");
    expect(stats.stdout.trim().split("\n")).toEqual(["(none)\t2", "google\t2", "newsletter\t1"]);
    const plain = await leads("stats");
    expect(plain.stdout).toContain("dead\t1");
    expect(plain.stdout).toContain("outbox\t2");
  });

  it("export --csv writes a header, one row per lead and neutralises formulas", async () => {
    const exported = await leads("export", "--csv");
    expect(exported.code).toBe(0);
    const rows = exported.stdout.trim().split("\r\n");
    expect(rows).toHaveLength(6);
    expect(rows[0]?.startsWith("id,received_at,form_id,delivery_state,attempts,")).toBe(true);
    const googleRow = rows.find((row) => row.startsWith(google.id));
    expect(googleRow).toContain(",google,");
    expect(googleRow).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("plain")).toBe("plain");
  });

  it("retry --dead puts dead leads back in the outbox; release moves spam out", async () => {
    const withPortal = await leadsWith({ HUBSPOT_PORTAL_ID: "12345" }, "retry", "--dead");
    expect(withPortal.stdout.trim()).toBe("1 lead(s) put back in the outbox");
    expect((await store.getLead(google2.id))?.deliveryState).toBe("pending");
    expect((await leads("release", spam.id)).code).toBe(0);
    expect((await store.getLead(spam.id))?.deliveryState).toBe("pending");
    expect((await leads("release", spam.id)).code).toBe(1);
    const retried = await leads("retry", applicant.id); // held → pending
    expect(retried.code).toBe(0);
    expect((await store.getLead(applicant.id))?.deliveryState).toBe("pending");
    // No portal in this command's environment: it says what that means for the lead.
    expect(retried.stdout).toContain(NO_PORTAL_NOTE);
  });

  it("delete --email erases the person's leads and uploaded files", async () => {
    const deleted = await leads("delete", "--email", "omar@contoso.example");
    expect(deleted.stdout.trim()).toBe("deleted 1 lead(s) and 1 file(s)");
    expect(await store.getLead(applicant.id)).toBeNull();
    expect(await store.getFile(fileId)).toBeNull();
  });

  it("a wrong command prints the usage and exits 64", async () => {
    const wrong = await leads("frobnicate");
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain("Usage: npm run leads");
    expect((await leads("stats", "--by", "weather")).code).toBe(64);
  });
});
