/**
 * Pure helpers both engines share: what a new lead looks like once stored, and which values
 * an erasure request must follow (the email, the uploaded files a lead points at).
 */
import { UPLOADED_FILE_PATH_PREFIX } from "../../../src/forms/index.ts";
import type { LeadState, NewLead, StoredLead } from "./types.ts";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The lead's email, lowercased: the `email` field, else the first value shaped like one. */
export function leadEmail(values: Readonly<Record<string, string>>): string | null {
  const direct = values.email?.trim();
  if (direct && EMAIL_SHAPE.test(direct)) return direct.toLowerCase();
  for (const value of Object.values(values)) {
    const text = value.trim();
    if (EMAIL_SHAPE.test(text)) return text.toLowerCase();
  }
  return null;
}

const FILE_ID = new RegExp(
  `${UPLOADED_FILE_PATH_PREFIX.replace(/\//g, "\\/")}([A-Za-z0-9_-]{16,})`,
);

/** Ids of uploaded files the lead's values point at (file fields carry `/api/files/{id}`). */
export function leadFileIds(values: Readonly<Record<string, string>>): string[] {
  const ids = new Set<string>();
  for (const value of Object.values(values)) {
    const match = FILE_ID.exec(value);
    if (match?.[1]) ids.add(match[1]);
  }
  return [...ids];
}

/**
 * How far apart the clocks of the instances writing one store may be: leads received this long
 * before a file's upload are read too when looking for the leads that name it.
 */
const FILE_CLOCK_SKEW_MS = 3_600_000;

/**
 * From when leads are read to find those naming these files (their `createdAt` times, ms): the
 * oldest upload, less FILE_CLOCK_SKEW_MS. A loop, not `Math.min(...times)`: a backlog of
 * files would pass more arguments than a call can take.
 */
export function leadsNamingFilesFrom(createdAts: Iterable<number>): Date {
  let oldest = Number.POSITIVE_INFINITY;
  for (const at of createdAts) if (at < oldest) oldest = at;
  return new Date(oldest - FILE_CLOCK_SKEW_MS);
}

/**
 * Of the unclaimed files (`candidates`), the ids the given leads' values name, and the others:
 * what an unclaimed-file sweep marks claimed and deletes (LeadStore.deleteUnclaimedFiles).
 */
export function sortUnclaimedFiles(
  candidates: readonly string[],
  leadValues: Iterable<Readonly<Record<string, string>>>,
): { claimed: string[]; unclaimed: string[] } {
  const named = new Set<string>();
  for (const values of leadValues) for (const id of leadFileIds(values)) named.add(id);
  return {
    claimed: candidates.filter((id) => named.has(id)),
    unclaimed: candidates.filter((id) => !named.has(id)),
  };
}

/** The stored form of a lead just inserted: nothing attempted yet. */
export function freshStoredLead(lead: NewLead): StoredLead {
  return {
    ...lead,
    deliveryState: lead.state,
    attempts: 0,
    nextAttemptAt: lead.state === "pending" ? lead.receivedAt : null,
    deliveredAt: null,
    deadReason: null,
    history: [],
  };
}

export const LEAD_STATES: readonly LeadState[] = ["pending", "held", "delivered", "dead", "spam"];

export function emptyByState(): Record<LeadState, number> {
  return { pending: 0, held: 0, delivered: 0, dead: 0, spam: 0 };
}

/** Where a released spam lead goes: the outbox when it has a CRM form, else held. */
export function releasedState(crmFormGuid: string | null): "pending" | "held" {
  return crmFormGuid ? "pending" : "held";
}
