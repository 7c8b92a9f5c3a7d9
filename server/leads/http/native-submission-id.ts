/**
 * The idempotency key of a native (no-JavaScript) form post. The site's own form sends a fresh
 * `submissionId` from the browser, but static HTML would give every visitor the same one, so a
 * native post's id is ignored (submit.ts) and its key is derived here from what it says: the
 * same form, field values and consent boxes, from the same address, within one
 * `NATIVE_RESEND_WINDOW_MS` window, store one lead.
 *
 * What that catches: a second click on a submit button that seemed slow, and a visitor sending
 * again after a 503 whose insert committed late (the store timeout, docs/lead-api.md). What it
 * keeps: the same person sending the same form again in a later window is a new lead, and
 * anyone else's submission differs in its values. A resend that happens to cross a window's
 * boundary is stored twice, as every native post was before.
 */
import { hash } from "node:crypto";

/** Long enough for a visitor to read an error page and send again; short enough not to swallow a later, deliberate send. */
export const NATIVE_RESEND_WINDOW_MS = 15 * 60_000;

/** Starts every derived key, so a lead's listing shows where its id came from. */
export const NATIVE_ID_PREFIX = "native-";

export interface NativePost {
  formId: string;
  values: Readonly<Record<string, string>>;
  consent: Readonly<Record<string, boolean>>;
  ip: string | null;
  receivedAt: Date;
}

export function nativeSubmissionId(post: NativePost): string {
  const sorted = <T>(record: Readonly<Record<string, T>>) =>
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const window = Math.floor(post.receivedAt.getTime() / NATIVE_RESEND_WINDOW_MS);
  const said = JSON.stringify([
    post.formId,
    post.ip,
    window,
    sorted(post.values),
    sorted(post.consent),
  ]);
  return `${NATIVE_ID_PREFIX}${hash("sha256", said, "base64url").slice(0, 32)}`;
}
