/**
 * The lead store: `openLeadStore(config)` picks the engine (PostgreSQL when DATABASE_URL is
 * set, else SQLite in DATA_DIR) and runs its migrations. Everything else goes through the
 * `LeadStore` interface in ./types.ts.
 */
import { type StoreConfig, sqlitePath } from "./config.ts";
import { PostgresLeadStore } from "./postgres.ts";
import { SqliteLeadStore } from "./sqlite.ts";
import type { LeadStore } from "./types.ts";

export { DEFAULT_DATA_DIR, type StoreConfig, sqlitePath, storeConfigFromEnv } from "./config.ts";
export { leadEmail, leadFileIds } from "./rows.ts";
export * from "./types.ts";

/** Opens the configured store and brings its schema up to date (idempotent, concurrency-safe). */
export async function openLeadStore(config: StoreConfig): Promise<LeadStore> {
  const groupCommit = {
    groupCommitMs: config.groupCommitMs,
    groupCommitMax: config.groupCommitMax,
  };
  const store: LeadStore = config.databaseUrl
    ? new PostgresLeadStore({
        connectionString: config.databaseUrl,
        schema: config.pgSchema,
        connectTimeoutMs: config.connectTimeoutMs,
        queryTimeoutMs: config.queryTimeoutMs,
        poolSize: config.poolSize,
        ...groupCommit,
      })
    : new SqliteLeadStore({ path: sqlitePath(config), ...groupCommit });
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
