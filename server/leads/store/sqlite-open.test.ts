/**
 * The processes of a server (WEB_CONCURRENCY) open the embedded SQLite store at the same moment
 * on a first start, on a data folder with no database yet. Real processes, because the lock they
 * contend for is the file's: every one of them must open it.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../../../tests/unit/temp-folder.ts";
import { openLeadStore, sqlitePath } from "./index.ts";
import { MIGRATIONS, SCHEMA_MIGRATIONS_TABLE } from "./migrations.ts";

const run = promisify(execFile);
const OPENER = join(import.meta.dirname, "../../testing/open-sqlite-store.ts");
const PROCESSES = 4;

/** Each process's outcome: "ok", or what it printed when it could not open the store. */
async function openTogether(dataDir: string): Promise<string[]> {
  // Far enough ahead that every process has loaded the store's code before the moment comes.
  const at = Date.now() + 2_000;
  return Promise.all(
    Array.from({ length: PROCESSES }, () =>
      run(process.execPath, [OPENER, dataDir, String(at)]).then(
        () => "ok",
        (error: { stderr?: string }) => error.stderr?.trim() || "failed",
      ),
    ),
  );
}

describe("SQLite store opened by several processes at once", () => {
  it("opens in every one of them on a new data folder, and the database is in WAL mode", async () => {
    for (let round = 0; round < 3; round += 1) {
      const dataDir = tempFolder("hd-sqlite-open-");
      expect(await openTogether(dataDir)).toEqual(Array(PROCESSES).fill("ok"));
      const file = new DatabaseSync(sqlitePath({ dataDir }), { readOnly: true });
      try {
        expect(file.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
        // Migrated once: each migration recorded a single time.
        const versions = file.prepare(`SELECT version FROM ${SCHEMA_MIGRATIONS_TABLE}`).all();
        expect(versions).toHaveLength(MIGRATIONS.length);
      } finally {
        file.close();
      }
      const store = await openLeadStore({ dataDir });
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
    }
  }, 30_000);
});
