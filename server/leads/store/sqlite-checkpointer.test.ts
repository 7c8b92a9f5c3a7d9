import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../../../tests/unit/temp-folder.ts";
import { makeLead } from "../../testing/lead-stores.ts";
import { SqliteLeadStore } from "./sqlite.ts";
import { startCheckpointer } from "./sqlite-checkpointer.ts";

describe("the SQLite checkpoint thread", () => {
  it("copies committed leads into the database file while the store stays open", async () => {
    const dir = tempFolder("hd-checkpoint-");
    const path = join(dir, "leads.db");
    const store = new SqliteLeadStore({ path });
    try {
      await store.migrate();
      const before = statSync(path).size;
      // The main connection never checkpoints itself: only the thread can grow the file.
      await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          store.insertLead(makeLead({ submissionId: `checkpoint-${i}` })),
        ),
      );
      await expect.poll(() => statSync(path).size, { timeout: 10_000 }).toBeGreaterThan(before);
      expect(await store.listLeads({ limit: 1000 })).toHaveLength(300);
    } finally {
      await store.close();
    }
  });

  it("reports a thread that cannot open the database, so the store takes checkpoints back", async () => {
    const reasons: string[] = [];
    const checkpointer = startCheckpointer({
      path: "/nonexistent-folder/for/leads.db",
      onFailure: (reason) => reasons.push(reason),
    });
    await expect.poll(() => reasons.length).toBe(1);
    await checkpointer.stop();
    expect(reasons[0]).toMatch(/unable to open|cannot open/i);
  });
});
