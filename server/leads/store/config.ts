/**
 * Which engine and where: DATABASE_URL set → PostgreSQL; otherwise SQLite at
 * `${DATA_DIR ?? "./data"}/leads.sqlite`. Read once from the environment by the API, the
 * worker and the CLI alike, so all three always open the same store.
 */
import { join, resolve } from "node:path";

export interface StoreConfig {
  /** postgres://… — selects the PostgreSQL engine. */
  databaseUrl?: string | undefined;
  /** Folder of the SQLite file (default ./data). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use (search_path); tests use a fresh one per run. */
  pgSchema?: string | undefined;
  /** PostgreSQL: connection attempts give up after this long (fail fast → 503). */
  connectTimeoutMs?: number | undefined;
  /** PostgreSQL: a query gives up after this long. */
  queryTimeoutMs?: number | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number | undefined;
  /** Group commit: longest wait for company before a batch commits. */
  groupCommitMs?: number | undefined;
  /** Group commit: most leads in one transaction. */
  groupCommitMax?: number | undefined;
}

export const DEFAULT_DATA_DIR = "./data";
export const SQLITE_FILE = "leads.sqlite";

const positive = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`expected a non-negative number, got "${value}"`);
  return n;
};

export function storeConfigFromEnv(env: Readonly<Record<string, string | undefined>>): StoreConfig {
  return {
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() || undefined,
    pgSchema: env.DATABASE_SCHEMA?.trim() || undefined,
    connectTimeoutMs: positive(env.DATABASE_CONNECT_TIMEOUT_MS),
    queryTimeoutMs: positive(env.DATABASE_QUERY_TIMEOUT_MS),
    poolSize: positive(env.DATABASE_POOL_SIZE),
  };
}

export function sqlitePath(config: StoreConfig): string {
  return resolve(join(config.dataDir ?? DEFAULT_DATA_DIR, SQLITE_FILE));
}
