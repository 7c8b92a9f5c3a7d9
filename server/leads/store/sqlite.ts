/**
 * The embedded engine: SQLite through Node's built-in `node:sqlite`, one file in DATA_DIR.
 *
 * Durability: WAL with `synchronous=FULL`, so every COMMIT fsyncs the write-ahead log before it
 * returns; `insertLead` resolves only after that COMMIT, so an acknowledged lead survives a
 * killed process and a power cut. Group commit (./group-commit.ts) pays that fsync once per
 * batch of concurrent inserts rather than once per lead.
 *
 * `DatabaseSync` blocks the event loop for each statement; the statements here are short
 * (indexed lookups, one small transaction), which is cheaper than a thread hop per query. The
 * one long operation, the WAL checkpoint, runs in a thread of its own (sqlite-checkpointer.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { GroupCommit } from "./group-commit.ts";
import { MIGRATIONS, SCHEMA_MIGRATIONS_TABLE } from "./migrations.ts";
import {
  emptyByState,
  freshStoredLead,
  LEAD_STATES,
  leadEmail,
  leadFileIds,
  leadsNamingFilesFrom,
  releasedState,
  sortUnclaimedFiles,
} from "./rows.ts";
import { type Checkpointer, startCheckpointer } from "./sqlite-checkpointer.ts";
import {
  type DeliveryAttempt,
  type InsertResult,
  type LeadFilter,
  type LeadState,
  type LeadStore,
  type LeasedDelivery,
  type NewLead,
  type StoredFile,
  type StoredLead,
  type StoreStats,
  StoreUnavailableError,
  type VitalMeasurement,
} from "./types.ts";

export interface SqliteStoreOptions {
  /** The database file (created with its folder when missing), or ":memory:". */
  path: string;
  /** Group commit window; 0 commits on the next tick. */
  groupCommitMs?: number;
  groupCommitMax?: number;
}

type Value = SQLInputValue | undefined;
type Row = Record<string, Value>;

/** SQLite's own default, restored if the checkpoint thread fails. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** How long a statement waits for another process's lock before it fails as unavailable. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** SQLite's primary result codes (sqlite.org/rescode.html) that the store tells apart. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

/** Primary result codes that mean "the database cannot be used right now". */
const UNAVAILABLE_CODES = new Set([
  SQLITE_BUSY,
  SQLITE_LOCKED,
  SQLITE_READONLY,
  SQLITE_IOERR,
  SQLITE_CORRUPT,
  SQLITE_FULL,
  SQLITE_CANTOPEN,
  SQLITE_NOTADB,
]);

/** An SQLite error's primary result code (its extended code's low byte); null for other errors. */
function primaryResultCode(error: unknown): number | null {
  const code = (error as { errcode?: number }).errcode;
  return typeof code === "number" ? code & 0xff : null;
}

function unavailable(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const code = primaryResultCode(error);
  if (code !== null && UNAVAILABLE_CODES.has(code)) {
    return new StoreUnavailableError(`SQLite store unavailable: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return error;
}

/** Whether another connection holds the lock. */
const isLockedOut = (error: unknown): boolean => {
  const code = primaryResultCode(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
};

/**
 * Puts the database in WAL mode (kept in the file). Switching needs the file to itself, and
 * SQLite answers "database is locked" at once, without the busy timeout's wait, while another
 * process is switching the same new file: the processes of a server (WEB_CONCURRENCY) starting
 * on an empty data folder. So this waits and tries again, for as long as the timeout would.
 */
function switchToWal(db: DatabaseSync): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (error) {
      if (!isLockedOut(error) || Date.now() >= deadline) throw error;
      // Opening a store is synchronous (it happens once, at start); a short random pause keeps
      // the processes from retrying in step.
      Atomics.wait(pause, 0, 0, 5 + Math.random() * 20);
    }
  }
}

const dateOf = (value: Value): Date | null =>
  value === null || value === undefined ? null : new Date(Number(value));
const text = (value: Value): string | null =>
  value === null || value === undefined ? null : String(value);

export class SqliteLeadStore implements LeadStore {
  readonly engine = "sqlite" as const;
  readonly #db: DatabaseSync;
  readonly #inserts: GroupCommit<NewLead, InsertResult>;
  #statements = new Map<string, StatementSync>();
  #closed = false;
  #checkpointer: Checkpointer | null = null;

  constructor(options: SqliteStoreOptions) {
    try {
      if (options.path !== ":memory:") mkdirSync(dirname(options.path), { recursive: true });
      // The busy timeout is set as the connection opens, before anything takes a lock: the
      // processes of a server (WEB_CONCURRENCY) open a new database at the same moment, and
      // switching it to WAL needs it to themselves. Set after, every process but one failed
      // with "database is locked" on a first start.
      this.#db = new DatabaseSync(options.path, {
        enableForeignKeyConstraints: true,
        timeout: SQLITE_BUSY_TIMEOUT_MS,
      });
      switchToWal(this.#db);
      this.#db.exec(`
        PRAGMA synchronous = FULL;
        PRAGMA foreign_keys = ON;
      `);
    } catch (error) {
      throw new StoreUnavailableError(`SQLite store cannot open ${options.path}`, {
        cause: error,
      });
    }
    if (options.path !== ":memory:") {
      this.#db.exec("PRAGMA wal_autocheckpoint = 0");
      this.#checkpointer = startCheckpointer({
        path: options.path,
        onFailure: () => {
          if (!this.#closed)
            this.#db.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
        },
      });
    }
    this.#inserts = new GroupCommit({
      run: async (leads) => this.#insertBatch(leads),
      maxWaitMs: options.groupCommitMs ?? 2,
      maxBatch: options.groupCommitMax ?? 512,
      maxConcurrent: 1,
    });
  }

  #stmt(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #guard<T>(work: () => T): T {
    if (this.#closed) throw new StoreUnavailableError("SQLite store is closed");
    try {
      return work();
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Runs `work` in one IMMEDIATE transaction (takes the write lock up front: no upgrade deadlock). */
  #transaction<T>(work: () => T): T {
    return this.#guard(() => {
      this.#db.exec("BEGIN IMMEDIATE");
      try {
        const result = work();
        this.#db.exec("COMMIT");
        return result;
      } catch (error) {
        if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  async migrate(): Promise<void> {
    this.#transaction(() => {
      this.#db.exec(
        `CREATE TABLE IF NOT EXISTS ${SCHEMA_MIGRATIONS_TABLE} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
      );
      const applied = new Set(
        this.#db
          .prepare(`SELECT version FROM ${SCHEMA_MIGRATIONS_TABLE}`)
          .all()
          .map((row) => Number(row.version)),
      );
      for (const migration of MIGRATIONS) {
        if (applied.has(migration.version)) continue;
        this.#db.exec(migration.sqlite);
        this.#db
          .prepare(
            `INSERT INTO ${SCHEMA_MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, ?, ?)`,
          )
          .run(migration.version, migration.name, Date.now());
      }
    });
  }

  insertLead(lead: NewLead): Promise<InsertResult> {
    if (this.#closed) return Promise.reject(new StoreUnavailableError("SQLite store is closed"));
    return this.#inserts.submit(lead);
  }

  #insertBatch(leads: NewLead[]): Array<InsertResult | Error> {
    const insertLead = this.#stmt(`
      INSERT INTO leads (id, submission_id, form_id, form_version, crm_form_guid, values_json,
        consent_json, context_json, attribution_json, email, ip, user_agent, received_at, state,
        spam_reason, delivery_state)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (form_id, submission_id) DO NOTHING`);
    const insertOutbox = this.#stmt(
      "INSERT INTO outbox (lead_id, next_attempt_at, attempts) VALUES (?, ?, 0)",
    );
    const existing = this.#stmt(
      "SELECT l.*, o.next_attempt_at FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id WHERE l.form_id = ? AND l.submission_id = ?",
    );
    return this.#transaction(() =>
      leads.map((lead): InsertResult | Error => {
        try {
          const { changes } = insertLead.run(
            lead.id,
            lead.submissionId,
            lead.formId,
            lead.formVersion,
            lead.crmFormGuid,
            JSON.stringify(lead.values),
            JSON.stringify(lead.consent),
            JSON.stringify(lead.context),
            JSON.stringify(lead.attribution),
            leadEmail(lead.values),
            lead.ip,
            lead.userAgent,
            lead.receivedAt.getTime(),
            lead.state,
            lead.spamReason,
            lead.state,
          );
          if (Number(changes) === 0) {
            const row = existing.get(lead.formId, lead.submissionId) as Row | undefined;
            if (!row) return new Error("duplicate submission vanished");
            return { lead: this.#toLead(row), duplicate: true };
          }
          if (lead.state === "pending") insertOutbox.run(lead.id, lead.receivedAt.getTime());
          return { lead: freshStoredLead(lead), duplicate: false };
        } catch (error) {
          // SQLite rolls back only the failed statement: the rest of the batch still commits.
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
  }

  #history(leadId: string): DeliveryAttempt[] {
    return this.#stmt(
      "SELECT at, outcome, status, detail FROM delivery_history WHERE lead_id = ? ORDER BY id",
    )
      .all(leadId)
      .map((row) => ({
        at: new Date(Number(row.at)),
        outcome: String(row.outcome),
        status: row.status === null ? null : Number(row.status),
        detail: String(row.detail),
      }));
  }

  #toLead(row: Row): StoredLead {
    const id = String(row.id);
    return {
      id,
      submissionId: text(row.submission_id),
      formId: String(row.form_id),
      formVersion: String(row.form_version),
      crmFormGuid: text(row.crm_form_guid),
      values: JSON.parse(String(row.values_json)),
      consent: JSON.parse(String(row.consent_json)),
      context: JSON.parse(String(row.context_json)),
      attribution: JSON.parse(String(row.attribution_json)),
      ip: text(row.ip),
      userAgent: text(row.user_agent),
      receivedAt: new Date(Number(row.received_at)),
      state: String(row.state) as NewLead["state"],
      spamReason: text(row.spam_reason),
      deliveryState: String(row.delivery_state) as LeadState,
      attempts: Number(row.attempts),
      nextAttemptAt: dateOf(row.next_attempt_at ?? null),
      deliveredAt: dateOf(row.delivered_at),
      deadReason: text(row.dead_reason),
      history: this.#history(id),
    };
  }

  async getLead(id: string): Promise<StoredLead | null> {
    return this.#guard(() => {
      const row = this.#stmt(
        "SELECT l.*, o.next_attempt_at FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id WHERE l.id = ?",
      ).get(id) as Row | undefined;
      return row ? this.#toLead(row) : null;
    });
  }

  async listLeads(filter: LeadFilter = {}): Promise<StoredLead[]> {
    return this.#guard(() => {
      const where: string[] = [];
      const params: SQLInputValue[] = [];
      if (filter.state) {
        where.push("l.delivery_state = ?");
        params.push(filter.state);
      }
      if (filter.formId) {
        where.push("l.form_id = ?");
        params.push(filter.formId);
      }
      if (filter.email) {
        where.push("l.email = ?");
        params.push(filter.email.trim().toLowerCase());
      }
      if (filter.since) {
        where.push("l.received_at >= ?");
        params.push(filter.since.getTime());
      }
      let sql = "SELECT l.*, o.next_attempt_at FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id";
      if (where.length > 0) sql += ` WHERE ${where.join(" AND ")}`;
      sql += " ORDER BY l.received_at DESC, l.id";
      if (filter.limit !== undefined) {
        sql += " LIMIT ?";
        params.push(Math.max(0, Math.floor(filter.limit)));
      }
      return this.#db
        .prepare(sql)
        .all(...params)
        .map((row) => this.#toLead(row));
    });
  }

  async leaseDue(limit: number, leaseMs: number, now: Date): Promise<LeasedDelivery[]> {
    const lease = randomUUID();
    const at = now.getTime();
    return this.#transaction(() => {
      const due = this.#stmt(`
        SELECT lead_id, attempts FROM outbox
        WHERE next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
        ORDER BY next_attempt_at, lead_id LIMIT ?`).all(at, at, limit);
      const take = this.#stmt("UPDATE outbox SET lease = ?, lease_until = ? WHERE lead_id = ?");
      return due.map((row) => {
        take.run(lease, at + leaseMs, String(row.lead_id));
        return { leadId: String(row.lead_id), lease, attempts: Number(row.attempts) };
      });
    });
  }

  async completeDelivery(
    delivery: LeasedDelivery,
    result: Parameters<LeadStore["completeDelivery"]>[1],
  ): Promise<boolean> {
    return this.#transaction(() => {
      const held = this.#stmt("SELECT 1 AS ok FROM outbox WHERE lead_id = ? AND lease = ?").get(
        delivery.leadId,
        delivery.lease,
      );
      if (!held) return false;
      const at = result.at.getTime();
      const detail = result.outcome === "delivered" ? "accepted" : result.detail;
      if (result.outcome === "retry") {
        this.#stmt(
          "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, lease = NULL, lease_until = NULL WHERE lead_id = ?",
        ).run(result.nextAttemptAt.getTime(), delivery.leadId);
        this.#stmt("UPDATE leads SET attempts = attempts + 1 WHERE id = ?").run(delivery.leadId);
      } else {
        this.#stmt("DELETE FROM outbox WHERE lead_id = ?").run(delivery.leadId);
        if (result.outcome === "delivered") {
          this.#stmt(
            "UPDATE leads SET attempts = attempts + 1, delivery_state = 'delivered', delivered_at = ?, dead_reason = NULL WHERE id = ?",
          ).run(at, delivery.leadId);
        } else {
          this.#stmt(
            "UPDATE leads SET attempts = attempts + 1, delivery_state = 'dead', dead_reason = ? WHERE id = ?",
          ).run(result.detail, delivery.leadId);
        }
      }
      this.#addHistory(delivery.leadId, at, result.outcome, result.status, detail);
      return true;
    });
  }

  #addHistory(
    leadId: string,
    at: number,
    outcome: string,
    status: number | null,
    detail: string,
  ): void {
    this.#stmt(
      "INSERT INTO delivery_history (lead_id, at, outcome, status, detail) VALUES (?, ?, ?, ?, ?)",
    ).run(leadId, at, outcome, status, detail);
  }

  async retryLead(id: string, now: Date): Promise<boolean> {
    return this.#transaction(() => {
      const { changes } = this.#stmt(
        "UPDATE leads SET delivery_state = 'pending', dead_reason = NULL WHERE id = ? AND delivery_state IN ('dead', 'held')",
      ).run(id);
      if (Number(changes) === 0) return false;
      this.#stmt(
        "INSERT INTO outbox (lead_id, next_attempt_at, attempts) VALUES (?, ?, 0) ON CONFLICT (lead_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, lease = NULL, lease_until = NULL",
      ).run(id, now.getTime());
      this.#addHistory(id, now.getTime(), "retried-by-hand", null, "put back in the outbox");
      return true;
    });
  }

  async releaseLead(id: string, now: Date): Promise<boolean> {
    return this.#transaction(() => {
      const row = this.#stmt(
        "SELECT crm_form_guid FROM leads WHERE id = ? AND delivery_state = 'spam'",
      ).get(id);
      if (!row) return false;
      const next = releasedState(text(row.crm_form_guid ?? null));
      this.#stmt("UPDATE leads SET delivery_state = ? WHERE id = ?").run(next, id);
      if (next === "pending") {
        this.#stmt("INSERT INTO outbox (lead_id, next_attempt_at, attempts) VALUES (?, ?, 0)").run(
          id,
          now.getTime(),
        );
      }
      this.#addHistory(id, now.getTime(), "released", null, `released from spam to ${next}`);
      return true;
    });
  }

  async deleteByEmail(email: string): Promise<{ leads: number; files: number }> {
    const address = email.trim().toLowerCase();
    return this.#transaction(() => {
      const rows = this.#stmt("SELECT id, values_json FROM leads WHERE email = ?").all(address);
      let files = 0;
      const fileIds = new Set(
        rows.flatMap((row) => leadFileIds(JSON.parse(String(row.values_json)))),
      );
      for (const fileId of fileIds) {
        files += Number(this.#stmt("DELETE FROM files WHERE id = ?").run(fileId).changes);
      }
      for (const row of rows) {
        const id = String(row.id);
        this.#stmt("DELETE FROM outbox WHERE lead_id = ?").run(id);
        this.#stmt("DELETE FROM delivery_history WHERE lead_id = ?").run(id);
        this.#stmt("DELETE FROM leads WHERE id = ?").run(id);
      }
      return { leads: rows.length, files };
    });
  }

  async putFile(file: StoredFile): Promise<void> {
    this.#guard(() =>
      this.#stmt(
        "INSERT INTO files (id, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?)",
      ).run(file.id, file.filename, file.contentType, file.bytes, file.createdAt.getTime()),
    );
  }

  async hasFile(id: string): Promise<boolean> {
    return this.#guard(() => this.#stmt("SELECT 1 FROM files WHERE id = ?").get(id) !== undefined);
  }

  async deleteUnclaimedFiles(createdBefore: Date): Promise<number> {
    return this.#transaction(() => {
      const candidates = this.#stmt(
        "SELECT id, created_at FROM files WHERE claimed = 0 AND created_at < ?",
      ).all(createdBefore.getTime());
      if (candidates.length === 0) return 0;
      const from = leadsNamingFilesFrom(candidates.map((row) => Number(row.created_at)));
      const leads = this.#stmt("SELECT values_json FROM leads WHERE received_at >= ?").all(
        from.getTime(),
      );
      const { claimed, unclaimed } = sortUnclaimedFiles(
        candidates.map((row) => String(row.id)),
        leads.map((row) => JSON.parse(String(row.values_json)) as Record<string, string>),
      );
      for (const id of claimed) this.#stmt("UPDATE files SET claimed = 1 WHERE id = ?").run(id);
      for (const id of unclaimed) this.#stmt("DELETE FROM files WHERE id = ?").run(id);
      return unclaimed.length;
    });
  }

  async getFile(id: string): Promise<StoredFile | null> {
    return this.#guard(() => {
      const row = this.#stmt("SELECT * FROM files WHERE id = ?").get(id) as Row | undefined;
      if (!row) return null;
      return {
        id: String(row.id),
        filename: String(row.filename),
        contentType: String(row.content_type),
        bytes: new Uint8Array(row.bytes as Uint8Array),
        createdAt: new Date(Number(row.created_at)),
      };
    });
  }

  async stats(_now: Date): Promise<StoreStats> {
    return this.#guard(() => {
      const byState = emptyByState();
      for (const row of this.#stmt(
        "SELECT delivery_state, COUNT(*) AS n FROM leads GROUP BY delivery_state",
      ).all()) {
        const state = String(row.delivery_state) as LeadState;
        if (LEAD_STATES.includes(state)) byState[state] = Number(row.n);
      }
      const outbox = this.#stmt("SELECT COUNT(*) AS n FROM outbox").get() as Row;
      const oldest = this.#stmt(
        "SELECT MIN(received_at) AS at FROM leads WHERE delivery_state = 'pending'",
      ).get() as Row;
      return {
        outboxDepth: Number(outbox.n),
        oldestPendingAt: dateOf(oldest.at ?? null),
        byState,
      };
    });
  }

  async addVitals(measurements: readonly VitalMeasurement[]): Promise<void> {
    this.#transaction(() => {
      const insert = this.#stmt(
        "INSERT INTO vitals (received_at, name, value, rating, path, template) VALUES (?, ?, ?, ?, ?, ?)",
      );
      for (const m of measurements) {
        insert.run(m.receivedAt.getTime(), m.name, m.value, m.rating, m.path, m.template);
      }
    });
  }

  async listVitals(range: { from: Date; to: Date }): Promise<VitalMeasurement[]> {
    return this.#guard(() =>
      this.#stmt(
        "SELECT received_at, name, value, rating, path, template FROM vitals WHERE received_at >= ? AND received_at < ? ORDER BY id",
      )
        .all(range.from.getTime(), range.to.getTime())
        .map((row) => ({
          receivedAt: new Date(Number(row.received_at)),
          name: String(row.name),
          value: Number(row.value),
          rating: String(row.rating),
          path: String(row.path),
          template: String(row.template),
        })),
    );
  }

  async ping(): Promise<void> {
    this.#guard(() => this.#stmt("SELECT 1").get());
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#inserts.drain();
    this.#closed = true;
    await this.#checkpointer?.stop();
    this.#statements.clear();
    this.#db.close();
  }
}
