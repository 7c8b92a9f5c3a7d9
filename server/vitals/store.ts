/**
 * Where vitals are kept, behind a small interface so it can move into the lead store later.
 * The default is node:sqlite in DATA_DIR (vitals.sqlite).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { VitalName, VitalRecord } from "./schema.ts";

export interface VitalsStore {
  add(records: readonly VitalRecord[]): void;
  /** Records received in [from, to) (ms since the epoch). */
  list(range: { from: number; to: number }): VitalRecord[];
  close(): void;
}

export const VITALS_DB_FILE = "vitals.sqlite";
export const DEFAULT_DATA_DIR = "data";

export function vitalsDbPath(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): string {
  return path.resolve(cwd, env.DATA_DIR?.trim() || DEFAULT_DATA_DIR, VITALS_DB_FILE);
}

/** Opens (creating if needed) the SQLite store; `:memory:` works for tests. */
export function openSqliteVitalsStore(file: string): VitalsStore {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE IF NOT EXISTS vitals (
    id INTEGER PRIMARY KEY,
    received_at INTEGER NOT NULL,
    name TEXT NOT NULL,
    value REAL NOT NULL,
    rating TEXT NOT NULL,
    path TEXT NOT NULL,
    template TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS vitals_received_at ON vitals (received_at);`);
  const insert = db.prepare(
    "INSERT INTO vitals (received_at, name, value, rating, path, template) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const select = db.prepare(
    "SELECT received_at, name, value, rating, path, template FROM vitals WHERE received_at >= ? AND received_at < ? ORDER BY id",
  );
  return {
    add(records) {
      db.exec("BEGIN");
      try {
        for (const r of records)
          insert.run(r.receivedAt, r.name, r.value, r.rating, r.path, r.template);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    list({ from, to }) {
      return select.all(from, to).map((row) => ({
        receivedAt: Number(row.received_at),
        name: String(row.name) as VitalName,
        value: Number(row.value),
        rating: String(row.rating),
        path: String(row.path),
        template: String(row.template),
      }));
    },
    close: () => db.close(),
  };
}
