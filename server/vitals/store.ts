/**
 * Where vitals are kept: the lead API's store (SQLite in DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set), in its own `vitals` table (migration 2). The route and the report need
 * only these two calls.
 */
import type { LeadStore } from "../leads/store/index.ts";

export type VitalsStore = Pick<LeadStore, "addVitals" | "listVitals">;
