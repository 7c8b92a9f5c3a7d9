import { IP_LOOKUP_PATH, SUBMIT_FORM_PATH, UPLOAD_FILE_PATH } from "../forms/index.ts";
import type { SubmissionPayload } from "./payload.ts";

/**
 * The lead API's three calls (§7), apart from markup. Each takes `fetch` as a parameter so
 * tests can drive it; none throws except `uploadFile`, whose failure the form shows as a flag.
 */
export type Fetcher = typeof fetch;

/** How long the IP lookup may take before the form sends without it. */
export const IP_LOOKUP_TIMEOUT_MS = 3_000;

/** GET /api/ip → `{ip}`. Any failure, or no answer in time, is `undefined`: it never blocks. */
export async function lookupIp(
  fetcher: Fetcher,
  timeoutMs = IP_LOOKUP_TIMEOUT_MS,
): Promise<string | undefined> {
  try {
    const response = await fetcher(IP_LOOKUP_PATH, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { ip?: unknown };
    return typeof body.ip === "string" && body.ip !== "" ? body.ip : undefined;
  } catch {
    return undefined;
  }
}

/** POST /api/hubspot/uploadFile `{file: dataURL, filename}` → the stored file's URL; throws on any failure. */
export async function uploadFile(
  fetcher: Fetcher,
  file: { dataUrl: string; filename: string },
): Promise<string> {
  const response = await fetcher(UPLOAD_FILE_PATH, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ file: file.dataUrl, filename: file.filename }),
  });
  const body = (await readJson(response)) as { success?: unknown; fileUrl?: unknown } | null;
  if (!response.ok || body?.success !== true || typeof body.fileUrl !== "string") {
    throw new Error(`Upload of ${file.filename} failed (HTTP ${response.status}).`);
  }
  return body.fileUrl;
}

export type SubmitOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Said when the server's answer carries no message of its own. */
export function failureMessage(status: number): string {
  return status === 429
    ? "Too many submissions from your network just now. Please try again in a minute."
    : `We could not send the form (HTTP ${status}). Please try again later.`;
}

/**
 * POST /api/hubspot/submitForm. `{success: true}` is the only success; otherwise the server's
 * message, or the thrown one (a network error), is what the visitor reads (§8).
 */
export async function submitLead(
  fetcher: Fetcher,
  payload: SubmissionPayload,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetcher(SUBMIT_FORM_PATH, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    return { ok: false, message: (error as Error).message || "The network request failed." };
  }
  const body = (await readJson(response)) as { success?: unknown; message?: unknown } | null;
  const message = typeof body?.message === "string" && body.message !== "" ? body.message : null;
  if (response.ok && body?.success === true) return { ok: true, message: message ?? "" };
  return { ok: false, message: message ?? failureMessage(response.status) };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
