/**
 * The PostgreSQL engine (DATABASE_URL). Several API instances and workers on several machines
 * share one database: the outbox is leased with `FOR UPDATE SKIP LOCKED`, so two live workers
 * never hold the same entry, and an expired lease (a crashed worker) is simply leased again.
 *
 * Fail fast: short connect and query timeouts turn a database that is down or unreachable
 * into a StoreUnavailableError within seconds, so the API can answer 503 instead of hanging.
 * Durability: PostgreSQL's default `synchronous_commit = on`; `insertLead` resolves after
 * COMMIT returns. Group commit batches concurrent inserts into one multi-row statement.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
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

export interface PostgresStoreOptions {
  connectionString: string;
  /** Schema for every table (search_path); created by migrate() when missing. */
  schema?: string | undefined;
  connectTimeoutMs?: number | undefined;
  queryTimeoutMs?: number | undefined;
  poolSize?: number | undefined;
  groupCommitMs?: number | undefined;
  groupCommitMax?: number | undefined;
}

type Queryable = Pick<pg.PoolClient, "query">;
// biome-ignore lint/suspicious/noExplicitAny: rows come back untyped from pg
type Row = Record<string, any>;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** Is this error "the database is not there" (→ 503) rather than a bug in a query? */
export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? "";
  if (NETWORK_CODES.has(code)) return true;
  // SQLSTATE 08xxx connection exception, 57P0x shutdown/cannot connect now, 53300 too many connections.
  if (/^08/.test(code) || /^57P0/.test(code) || code === "53300") return true;
  return /timeout|Connection terminated|connection.*(closed|ended)|Client has encountered a connection error/i.test(
    error.message,
  );
}

/**
 * A value PostgreSQL refuses (SQLSTATE class 22, data exception: a NUL or a lone surrogate in
 * jsonb, an oversized value; class 23, an integrity violation other than the duplicate the
 * insert expects): one lead's fault, which must not fail the leads committed with it.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^2[23]/.test(code);
}

function translate(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  if (isUnavailableError(error)) {
    return new StoreUnavailableError(
      `PostgreSQL store unavailable: ${(error as Error).message || (error as { code?: string }).code}`,
      { cause: error },
    );
  }
  if (error instanceof AggregateError && error.errors.some(isUnavailableError)) {
    return new StoreUnavailableError("PostgreSQL store unavailable", { cause: error });
  }
  return error;
}

const json = (value: unknown): string => JSON.stringify(value);

export class PostgresLeadStore implements LeadStore {
  readonly engine = "postgres" as const;
  readonly #pool: pg.Pool;
  readonly #schema: string | undefined;
  readonly #inserts: GroupCommit<NewLead, InsertResult>;
  #closed = false;

  constructor(options: PostgresStoreOptions) {
    if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
      throw new Error(`invalid PostgreSQL schema name "${options.schema}"`);
    }
    this.#schema = options.schema;
    const queryTimeout = options.queryTimeoutMs ?? 5_000;
    this.#pool = new pg.Pool({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
      query_timeout: queryTimeout,
      statement_timeout: queryTimeout,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle connection dropped by the server emits here; without a listener it would crash
    // the process. The next query reconnects or fails as StoreUnavailableError.
    this.#pool.on("error", () => {});
    this.#inserts = new GroupCommit({
      run: (leads) => this.#insertBatch(leads),
      maxWaitMs: options.groupCommitMs ?? 2,
      maxBatch: options.groupCommitMax ?? 512,
      maxConcurrent: Math.max(1, Math.min(4, (options.poolSize ?? 10) - 2)),
      isItemFault: isDataError,
    });
  }

  async #query(sql: string, params: unknown[] = []): Promise<Row[]> {
    if (this.#closed) throw new StoreUnavailableError("PostgreSQL store is closed");
    try {
      return (await this.#pool.query(sql, params)).rows;
    } catch (error) {
      throw translate(error);
    }
  }

  async #transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    if (this.#closed) throw new StoreUnavailableError("PostgreSQL store is closed");
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw translate(error);
    }
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw translate(error);
    } finally {
      client.release(broken);
    }
  }

  async migrate(): Promise<void> {
    await this.#transaction(async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [
        `harbor-desk-lead-store:${this.#schema ?? "default"}`,
      ]);
      if (this.#schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.#schema}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${SCHEMA_MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const { rows } = await client.query(`SELECT version FROM ${SCHEMA_MIGRATIONS_TABLE}`);
      const applied = new Set(rows.map((row: Row) => Number(row.version)));
      for (const migration of MIGRATIONS) {
        if (applied.has(migration.version)) continue;
        await client.query(migration.postgres);
        await client.query(
          `INSERT INTO ${SCHEMA_MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`,
          [migration.version, migration.name],
        );
      }
    });
  }

  insertLead(lead: NewLead): Promise<InsertResult> {
    if (this.#closed)
      return Promise.reject(new StoreUnavailableError("PostgreSQL store is closed"));
    return this.#inserts.submit(lead);
  }

  /**
   * The whole batch in ONE statement (so one implicit transaction and one round trip): the
   * leads from parallel arrays, and — in a data-modifying CTE of the same statement — the
   * outbox entries of those actually inserted and pending. Duplicates are read afterwards.
   */
  async #insertBatch(leads: NewLead[]): Promise<Array<InsertResult | Error>> {
    const column = <T>(pick: (lead: NewLead) => T): T[] => leads.map(pick);
    const rows = await this.#query(
      `WITH incoming AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
           $6::jsonb[], $7::jsonb[], $8::jsonb[], $9::jsonb[], $10::text[], $11::text[],
           $12::text[], $13::timestamptz[], $14::text[], $15::text[])
           AS t(id, submission_id, form_id, form_version, crm_form_guid, values_json, consent_json,
                context_json, attribution_json, email, ip, user_agent, received_at, state, spam_reason)
       ), inserted AS (
         INSERT INTO leads (id, submission_id, form_id, form_version, crm_form_guid, values_json,
           consent_json, context_json, attribution_json, email, ip, user_agent, received_at, state,
           spam_reason, delivery_state)
         SELECT id, submission_id, form_id, form_version, crm_form_guid, values_json, consent_json,
           context_json, attribution_json, email, ip, user_agent, received_at, state, spam_reason, state
         FROM incoming
         ON CONFLICT (form_id, submission_id) DO NOTHING
         RETURNING id, state, received_at
       ), queued AS (
         INSERT INTO outbox (lead_id, next_attempt_at)
         SELECT id, received_at FROM inserted WHERE state = 'pending'
       )
       SELECT id FROM inserted`,
      [
        column((l) => l.id),
        column((l) => l.submissionId),
        column((l) => l.formId),
        column((l) => l.formVersion),
        column((l) => l.crmFormGuid),
        column((l) => json(l.values)),
        column((l) => json(l.consent)),
        column((l) => json(l.context)),
        column((l) => json(l.attribution)),
        column((l) => leadEmail(l.values)),
        column((l) => l.ip),
        column((l) => l.userAgent),
        column((l) => l.receivedAt),
        column((l) => l.state),
        column((l) => l.spamReason),
      ],
    );
    const fresh = new Set(rows.map((row) => String(row.id)));
    const results: Array<InsertResult | Error> = [];
    for (const lead of leads) {
      if (fresh.has(lead.id)) {
        results.push({ lead: freshStoredLead(lead), duplicate: false });
        continue;
      }
      // Committed already: the first lead with this (formId, submissionId) answers for it.
      const existing = await this.#read(async (client) => {
        const found = await client.query(
          `SELECT l.*, o.next_attempt_at FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id
           WHERE l.form_id = $1 AND l.submission_id = $2`,
          [lead.formId, lead.submissionId],
        );
        return this.#withHistory(client, found.rows);
      });
      const first = existing[0];
      results.push(
        first ? { lead: first, duplicate: true } : new Error("duplicate submission vanished"),
      );
    }
    return results;
  }

  async #withHistory(client: Queryable, rows: Row[]): Promise<StoredLead[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => String(row.id));
    const history = await client.query(
      "SELECT lead_id, at, outcome, status, detail FROM delivery_history WHERE lead_id = ANY($1::text[]) ORDER BY id",
      [ids],
    );
    const byLead = new Map<string, DeliveryAttempt[]>();
    for (const entry of history.rows as Row[]) {
      const list = byLead.get(entry.lead_id) ?? [];
      list.push({
        at: entry.at,
        outcome: entry.outcome,
        status: entry.status === null ? null : Number(entry.status),
        detail: entry.detail,
      });
      byLead.set(entry.lead_id, list);
    }
    return rows.map((row) => ({
      id: row.id,
      submissionId: row.submission_id,
      formId: row.form_id,
      formVersion: row.form_version,
      crmFormGuid: row.crm_form_guid,
      values: row.values_json,
      consent: row.consent_json,
      context: row.context_json,
      attribution: row.attribution_json,
      ip: row.ip,
      userAgent: row.user_agent,
      receivedAt: row.received_at,
      state: row.state,
      spamReason: row.spam_reason,
      deliveryState: row.delivery_state,
      attempts: Number(row.attempts),
      nextAttemptAt: row.next_attempt_at ?? null,
      deliveredAt: row.delivered_at,
      deadReason: row.dead_reason,
      history: byLead.get(row.id) ?? [],
    }));
  }

  async #read(work: (client: Queryable) => Promise<StoredLead[]>): Promise<StoredLead[]> {
    if (this.#closed) throw new StoreUnavailableError("PostgreSQL store is closed");
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw translate(error);
    }
    try {
      return await work(client);
    } catch (error) {
      throw translate(error);
    } finally {
      client.release();
    }
  }

  async getLead(id: string): Promise<StoredLead | null> {
    const leads = await this.#read(async (client) => {
      const { rows } = await client.query(
        "SELECT l.*, o.next_attempt_at FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id WHERE l.id = $1",
        [id],
      );
      return this.#withHistory(client, rows);
    });
    return leads[0] ?? null;
  }

  async listLeads(filter: LeadFilter = {}): Promise<StoredLead[]> {
    return this.#read(async (client) => {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (clause: string, value: unknown) => {
        params.push(value);
        where.push(clause.replace("?", `$${params.length}`));
      };
      if (filter.state) add("l.delivery_state = ?", filter.state);
      if (filter.formId) add("l.form_id = ?", filter.formId);
      if (filter.email) add("l.email = ?", filter.email.trim().toLowerCase());
      if (filter.since) add("l.received_at >= ?", filter.since);
      let sql = "SELECT l.*, o.next_attempt_at FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id";
      if (where.length > 0) sql += ` WHERE ${where.join(" AND ")}`;
      sql += " ORDER BY l.received_at DESC, l.id";
      if (filter.limit !== undefined) {
        params.push(Math.max(0, Math.floor(filter.limit)));
        sql += ` LIMIT $${params.length}`;
      }
      const { rows } = await client.query(sql, params);
      return this.#withHistory(client, rows);
    });
  }

  /**
   * Leases run on the database's clock, not the caller's: workers on several machines share
   * them, and a worker whose clock ran behind would otherwise stamp a lease that had already
   * ended for the others (a lead sent twice at once). What is due stays the caller's: the
   * caller's clock set `next_attempt_at`. The worker's own count of its lease starts before this
   * statement (worker.ts), so it never thinks it holds a lease longer than the database does.
   */
  async leaseDue(limit: number, leaseMs: number, now: Date): Promise<LeasedDelivery[]> {
    const lease = randomUUID();
    const rows = await this.#query(
      `UPDATE outbox SET lease = $1, lease_until = clock_timestamp() + $2 * interval '1 millisecond'
       WHERE lead_id IN (
         SELECT lead_id FROM outbox
         WHERE next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= clock_timestamp())
         ORDER BY next_attempt_at, lead_id
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING lead_id, attempts, next_attempt_at`,
      [lease, leaseMs, now, limit],
    );
    return rows
      .sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime())
      .map((row) => ({ leadId: String(row.lead_id), lease, attempts: Number(row.attempts) }));
  }

  async completeDelivery(
    delivery: LeasedDelivery,
    result: Parameters<LeadStore["completeDelivery"]>[1],
  ): Promise<boolean> {
    return this.#transaction(async (client) => {
      const held = await client.query(
        "SELECT 1 FROM outbox WHERE lead_id = $1 AND lease = $2 FOR UPDATE",
        [delivery.leadId, delivery.lease],
      );
      if (held.rowCount === 0) return false;
      if (result.outcome === "retry") {
        await client.query(
          "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2, lease = NULL, lease_until = NULL WHERE lead_id = $1",
          [delivery.leadId, result.nextAttemptAt],
        );
        await client.query("UPDATE leads SET attempts = attempts + 1 WHERE id = $1", [
          delivery.leadId,
        ]);
      } else {
        await client.query("DELETE FROM outbox WHERE lead_id = $1", [delivery.leadId]);
        if (result.outcome === "delivered") {
          await client.query(
            "UPDATE leads SET attempts = attempts + 1, delivery_state = 'delivered', delivered_at = $2, dead_reason = NULL WHERE id = $1",
            [delivery.leadId, result.at],
          );
        } else {
          await client.query(
            "UPDATE leads SET attempts = attempts + 1, delivery_state = 'dead', dead_reason = $2 WHERE id = $1",
            [delivery.leadId, result.detail],
          );
        }
      }
      await addHistory(
        client,
        delivery.leadId,
        result.at,
        result.outcome,
        result.status,
        result.outcome === "delivered" ? "accepted" : result.detail,
      );
      return true;
    });
  }

  async retryLead(id: string, now: Date): Promise<boolean> {
    return this.#transaction(async (client) => {
      const updated = await client.query(
        "UPDATE leads SET delivery_state = 'pending', dead_reason = NULL WHERE id = $1 AND delivery_state IN ('dead', 'held')",
        [id],
      );
      if (updated.rowCount === 0) return false;
      await client.query(
        `INSERT INTO outbox (lead_id, next_attempt_at) VALUES ($1, $2)
         ON CONFLICT (lead_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, lease = NULL, lease_until = NULL`,
        [id, now],
      );
      await addHistory(client, id, now, "retried-by-hand", null, "put back in the outbox");
      return true;
    });
  }

  async releaseLead(id: string, now: Date): Promise<boolean> {
    return this.#transaction(async (client) => {
      const { rows } = await client.query(
        "SELECT crm_form_guid FROM leads WHERE id = $1 AND delivery_state = 'spam' FOR UPDATE",
        [id],
      );
      const row = rows[0];
      if (!row) return false;
      const next = releasedState(row.crm_form_guid);
      await client.query("UPDATE leads SET delivery_state = $2 WHERE id = $1", [id, next]);
      if (next === "pending") {
        await client.query("INSERT INTO outbox (lead_id, next_attempt_at) VALUES ($1, $2)", [
          id,
          now,
        ]);
      }
      await addHistory(client, id, now, "released", null, `released from spam to ${next}`);
      return true;
    });
  }

  async deleteByEmail(email: string): Promise<{ leads: number; files: number }> {
    const address = email.trim().toLowerCase();
    return this.#transaction(async (client) => {
      const { rows } = await client.query(
        "SELECT id, values_json FROM leads WHERE email = $1 FOR UPDATE",
        [address],
      );
      const ids = rows.map((row: Row) => String(row.id));
      const fileIds = [...new Set(rows.flatMap((row: Row) => leadFileIds(row.values_json)))];
      const files =
        fileIds.length === 0
          ? 0
          : ((await client.query("DELETE FROM files WHERE id = ANY($1::text[])", [fileIds]))
              .rowCount ?? 0);
      if (ids.length > 0) {
        await client.query("DELETE FROM outbox WHERE lead_id = ANY($1::text[])", [ids]);
        await client.query("DELETE FROM delivery_history WHERE lead_id = ANY($1::text[])", [ids]);
        await client.query("DELETE FROM leads WHERE id = ANY($1::text[])", [ids]);
      }
      return { leads: ids.length, files };
    });
  }

  async putFile(file: StoredFile): Promise<void> {
    await this.#query(
      "INSERT INTO files (id, filename, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5)",
      [file.id, file.filename, file.contentType, Buffer.from(file.bytes), file.createdAt],
    );
  }

  async hasFile(id: string): Promise<boolean> {
    return (await this.#query("SELECT 1 FROM files WHERE id = $1", [id])).length > 0;
  }

  async deleteUnclaimedFiles(createdBefore: Date): Promise<number> {
    return this.#transaction(async (client) => {
      // Locked: two instances sweeping at once sort each file once, and a file is not
      // deleted by one while the other marks it claimed.
      const { rows: candidates } = await client.query(
        "SELECT id, created_at FROM files WHERE NOT claimed AND created_at < $1 FOR UPDATE SKIP LOCKED",
        [createdBefore],
      );
      if (candidates.length === 0) return 0;
      const { rows: leads } = await client.query(
        "SELECT values_json FROM leads WHERE received_at >= $1",
        [leadsNamingFilesFrom(candidates.map((row: Row) => new Date(row.created_at).getTime()))],
      );
      const { claimed, unclaimed } = sortUnclaimedFiles(
        candidates.map((row: Row) => String(row.id)),
        leads.map((row: Row) => row.values_json as Record<string, string>),
      );
      if (claimed.length > 0) {
        await client.query("UPDATE files SET claimed = true WHERE id = ANY($1::text[])", [claimed]);
      }
      if (unclaimed.length > 0) {
        await client.query("DELETE FROM files WHERE id = ANY($1::text[])", [unclaimed]);
      }
      return unclaimed.length;
    });
  }

  async getFile(id: string): Promise<StoredFile | null> {
    const rows = await this.#query("SELECT * FROM files WHERE id = $1", [id]);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      filename: row.filename,
      contentType: row.content_type,
      bytes: new Uint8Array(row.bytes),
      createdAt: row.created_at,
    };
  }

  async stats(_now: Date): Promise<StoreStats> {
    const rows = await this.#query(
      `SELECT delivery_state AS key, count(*)::int AS n, NULL::timestamptz AS at FROM leads GROUP BY delivery_state
       UNION ALL SELECT '#outbox', count(*)::int, NULL FROM outbox
       UNION ALL SELECT '#oldest', 0, min(received_at) FROM leads WHERE delivery_state = 'pending'`,
    );
    const byState = emptyByState();
    let outboxDepth = 0;
    let oldestPendingAt: Date | null = null;
    for (const row of rows) {
      if (row.key === "#outbox") outboxDepth = Number(row.n);
      else if (row.key === "#oldest") oldestPendingAt = row.at ?? null;
      else if (LEAD_STATES.includes(row.key as LeadState))
        byState[row.key as LeadState] = Number(row.n);
    }
    return { outboxDepth, oldestPendingAt, byState };
  }

  async addVitals(measurements: readonly VitalMeasurement[]): Promise<void> {
    if (measurements.length === 0) return;
    await this.#query(
      `INSERT INTO vitals (received_at, name, value, rating, path, template)
       SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::float8[], $4::text[], $5::text[], $6::text[])`,
      [
        measurements.map((m) => m.receivedAt),
        measurements.map((m) => m.name),
        measurements.map((m) => m.value),
        measurements.map((m) => m.rating),
        measurements.map((m) => m.path),
        measurements.map((m) => m.template),
      ],
    );
  }

  async listVitals(range: { from: Date; to: Date }): Promise<VitalMeasurement[]> {
    const rows = await this.#query(
      `SELECT received_at, name, value, rating, path, template FROM vitals
       WHERE received_at >= $1 AND received_at < $2 ORDER BY id`,
      [range.from, range.to],
    );
    return rows.map((row) => ({
      receivedAt: row.received_at,
      name: row.name,
      value: Number(row.value),
      rating: row.rating,
      path: row.path,
      template: row.template,
    }));
  }

  async ping(): Promise<void> {
    await this.#query("SELECT 1");
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#inserts.drain().catch(() => {});
    this.#closed = true;
    await this.#pool.end();
  }
}

async function addHistory(
  client: Queryable,
  leadId: string,
  at: Date,
  outcome: string,
  status: number | null,
  detail: string,
): Promise<void> {
  await client.query(
    "INSERT INTO delivery_history (lead_id, at, outcome, status, detail) VALUES ($1, $2, $3, $4, $5)",
    [leadId, at, outcome, status, detail],
  );
}
