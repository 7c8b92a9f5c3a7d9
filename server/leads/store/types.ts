/**
 * The lead store's contract. Two engines implement it — SQLite (node:sqlite, the embedded
 * default in DATA_DIR) and PostgreSQL (pg, when DATABASE_URL is set) — and one contract test
 * suite runs against both. The HTTP layer and the delivery worker know only this interface.
 */
import type { SubmissionContext } from "../../../src/forms/index.ts";

/**
 * pending: waiting in the outbox for the CRM; held: stored, no CRM configured (never dropped);
 * delivered: the CRM accepted it; dead: the CRM refused it for good (reason kept), retry by hand;
 * spam: honeypot or too fast, answered like a success, never delivered unless released by hand.
 */
export type LeadState = "pending" | "held" | "delivered" | "dead" | "spam";

export interface NewLead {
  /** Server-generated (crypto.randomUUID()). */
  id: string;
  /**
   * Idempotency key: the browser's, or derived from a native post's contents
   * (native-submission-id.ts); the same (formId, submissionId) stores one lead.
   */
  submissionId: string | null;
  formId: string;
  /** Hash of the form definition the lead was validated against. */
  formVersion: string;
  /** The CRM form GUID from the definition, or null when the form has none. */
  crmFormGuid: string | null;
  values: Record<string, string>;
  consent: Record<string, boolean>;
  context: SubmissionContext;
  /** Attribution cookies the request carried (attr_* and hubspotutk), raw. */
  attribution: Record<string, string>;
  ip: string | null;
  userAgent: string | null;
  receivedAt: Date;
  state: Extract<LeadState, "pending" | "held" | "spam">;
  spamReason: string | null;
}

export interface DeliveryAttempt {
  at: Date;
  /** "delivered", "retry", "dead", "released", "retried-by-hand"… */
  outcome: string;
  /** HTTP status, or null for a network error or timeout. */
  status: number | null;
  /** Our own summary, never shown to visitors. */
  detail: string;
}

export interface StoredLead extends NewLead {
  deliveryState: LeadState;
  attempts: number;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  deadReason: string | null;
  history: DeliveryAttempt[];
}

export interface InsertResult {
  lead: StoredLead;
  /** True when (formId, submissionId) already existed: nothing new was stored. */
  duplicate: boolean;
}

/** One outbox entry leased to one worker until `leaseUntil`. */
export interface LeasedDelivery {
  leadId: string;
  lease: string;
  attempts: number;
}

export interface StoredFile {
  id: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  createdAt: Date;
}

export interface StoreStats {
  /** Leads waiting for delivery (pending). */
  outboxDepth: number;
  /** receivedAt of the oldest pending lead, or null. */
  oldestPendingAt: Date | null;
  byState: Record<LeadState, number>;
}

export interface LeadFilter {
  state?: LeadState;
  formId?: string;
  email?: string;
  since?: Date;
  limit?: number;
}

/**
 * One Core Web Vitals measurement from a visitor's browser (POST /api/vitals). The lead store
 * keeps them too, so real-user monitoring needs no second database; they never touch leads.
 */
export interface VitalMeasurement {
  receivedAt: Date;
  /** LCP, INP, CLS, TTFB or FCP (server/vitals/schema.ts validates before storing). */
  name: string;
  value: number;
  rating: string;
  path: string;
  template: string;
}

/** Thrown when the database cannot be reached: the API answers 503 and acknowledges nothing. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

export interface LeadStore {
  readonly engine: "sqlite" | "postgres";
  /** Runs pending versioned migrations; idempotent; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Stores the lead and, when pending, its outbox entry in ONE transaction; resolves only after a durable commit. */
  insertLead(lead: NewLead): Promise<InsertResult>;
  getLead(id: string): Promise<StoredLead | null>;
  listLeads(filter?: LeadFilter): Promise<StoredLead[]>;
  /**
   * Leases up to `limit` outbox entries due at `now` for `leaseMs` (PostgreSQL: FOR UPDATE SKIP
   * LOCKED, and the lease on the database's clock, which every worker shares; SQLite: one
   * machine, `now`'s clock).
   */
  leaseDue(limit: number, leaseMs: number, now: Date): Promise<LeasedDelivery[]>;
  /** Records an attempt's outcome for a lease this worker still holds; false if the lease was lost. */
  completeDelivery(
    delivery: LeasedDelivery,
    result:
      | { outcome: "delivered"; status: number; at: Date }
      | { outcome: "retry"; status: number | null; detail: string; at: Date; nextAttemptAt: Date }
      | { outcome: "dead"; status: number | null; detail: string; at: Date },
  ): Promise<boolean>;
  /** Puts a dead (or held) lead back in the outbox; false when it is not in such a state. */
  retryLead(id: string, now: Date): Promise<boolean>;
  /** Moves a spam lead to pending (or held without CRM); false when it is not spam. */
  releaseLead(id: string, now: Date): Promise<boolean>;
  /** Erasure: deletes every lead whose email field equals `email` (case-insensitive) and their files; returns counts. */
  deleteByEmail(email: string): Promise<{ leads: number; files: number }>;
  putFile(file: StoredFile): Promise<void>;
  getFile(id: string): Promise<StoredFile | null>;
  /** Whether a file with this id is stored (a submission's file field must name one). */
  hasFile(id: string): Promise<boolean>;
  /**
   * Deletes the uploads created before `createdBefore` that no lead names (a visitor who
   * attached a file and never sent the form, or someone using the endpoint as storage), and
   * marks the others claimed so that no later sweep reads them again; answers how many it
   * deleted. A lead names a file it was sent with after the file was uploaded, so only leads
   * received since the oldest unclaimed file (less `FILE_CLOCK_SKEW_MS`) are read.
   */
  deleteUnclaimedFiles(createdBefore: Date): Promise<number>;
  stats(now: Date): Promise<StoreStats>;
  /** Stores one page view's measurements together (one statement or transaction). */
  addVitals(measurements: readonly VitalMeasurement[]): Promise<void>;
  /** Measurements received in [from, to), in arrival order. */
  listVitals(range: { from: Date; to: Date }): Promise<VitalMeasurement[]>;
  /** Cheap round trip for /api/health; throws StoreUnavailableError when down. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
