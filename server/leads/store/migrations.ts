/**
 * Versioned schema migrations, one numbered entry per change, never edited once shipped: a new
 * change is a new entry. Each engine's `migrate()` records applied versions in
 * `schema_migrations` and runs the rest in order, in one transaction (PostgreSQL also holds an
 * advisory lock so several instances starting at once apply each migration exactly once).
 *
 * Times are INTEGER milliseconds in SQLite and timestamptz in PostgreSQL; JSON is TEXT in
 * SQLite and jsonb in PostgreSQL. `email` is the lowercased email value, kept apart for
 * erasure requests and filters.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "leads, outbox, delivery history, files",
    sqlite: `
      CREATE TABLE leads (
        id TEXT PRIMARY KEY,
        submission_id TEXT,
        form_id TEXT NOT NULL,
        form_version TEXT NOT NULL,
        crm_form_guid TEXT,
        values_json TEXT NOT NULL,
        consent_json TEXT NOT NULL,
        context_json TEXT NOT NULL,
        attribution_json TEXT NOT NULL,
        email TEXT,
        ip TEXT,
        user_agent TEXT,
        received_at INTEGER NOT NULL,
        state TEXT NOT NULL,
        spam_reason TEXT,
        delivery_state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        delivered_at INTEGER,
        dead_reason TEXT,
        UNIQUE (form_id, submission_id)
      );
      CREATE INDEX leads_email ON leads (email);
      CREATE INDEX leads_state_received ON leads (delivery_state, received_at);
      CREATE INDEX leads_received ON leads (received_at);
      CREATE TABLE outbox (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        next_attempt_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        lease TEXT,
        lease_until INTEGER
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at);
      CREATE TABLE delivery_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        status INTEGER,
        detail TEXT NOT NULL
      );
      CREATE INDEX delivery_history_lead ON delivery_history (lead_id, id);
      CREATE TABLE files (
        id TEXT PRIMARY KEY,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL,
        created_at INTEGER NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE leads (
        id text PRIMARY KEY,
        submission_id text,
        form_id text NOT NULL,
        form_version text NOT NULL,
        crm_form_guid text,
        values_json jsonb NOT NULL,
        consent_json jsonb NOT NULL,
        context_json jsonb NOT NULL,
        attribution_json jsonb NOT NULL,
        email text,
        ip text,
        user_agent text,
        received_at timestamptz NOT NULL,
        state text NOT NULL,
        spam_reason text,
        delivery_state text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        delivered_at timestamptz,
        dead_reason text,
        UNIQUE (form_id, submission_id)
      );
      CREATE INDEX leads_email ON leads (email);
      CREATE INDEX leads_state_received ON leads (delivery_state, received_at);
      CREATE INDEX leads_received ON leads (received_at);
      CREATE TABLE outbox (
        lead_id text PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        next_attempt_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        lease text,
        lease_until timestamptz
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at);
      CREATE TABLE delivery_history (
        id bigserial PRIMARY KEY,
        lead_id text NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        outcome text NOT NULL,
        status integer,
        detail text NOT NULL
      );
      CREATE INDEX delivery_history_lead ON delivery_history (lead_id, id);
      CREATE TABLE files (
        id text PRIMARY KEY,
        filename text NOT NULL,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "vitals: real-user Core Web Vitals from POST /api/vitals",
    sqlite: `
      CREATE TABLE vitals (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        received_at INTEGER NOT NULL,
        name TEXT NOT NULL,
        value REAL NOT NULL,
        rating TEXT NOT NULL,
        path TEXT NOT NULL,
        template TEXT NOT NULL
      );
      CREATE INDEX vitals_received ON vitals (received_at);
    `,
    postgres: `
      CREATE TABLE vitals (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        name text NOT NULL,
        value double precision NOT NULL,
        rating text NOT NULL,
        path text NOT NULL,
        template text NOT NULL
      );
      CREATE INDEX vitals_received ON vitals (received_at);
    `,
  },
  {
    version: 3,
    name: "files: claimed by a lead, so that uploads no form ever sent can be deleted",
    sqlite: `
      ALTER TABLE files ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX files_unclaimed ON files (created_at) WHERE claimed = 0;
    `,
    postgres: `
      ALTER TABLE files ADD COLUMN claimed boolean NOT NULL DEFAULT false;
      CREATE INDEX files_unclaimed ON files (created_at) WHERE NOT claimed;
    `,
  },
];

export const SCHEMA_MIGRATIONS_TABLE = "schema_migrations";
