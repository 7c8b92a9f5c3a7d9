/**
 * Strict reading of the upload's data URL (`data:image/png;base64,iVBOR…`). Only base64 data URLs
 * are accepted, and the base64 must be canonical: Node's decoder silently skips bad characters and
 * stops at a truncation, so a cut-off upload would otherwise decode to a shorter, "valid" file.
 */

export interface DataUrl {
  /** The declared media type, lowercased, without parameters. */
  mediaType: string;
  /** The base64 payload, still encoded. */
  base64: string;
}

export type DataUrlResult =
  | { ok: true; dataUrl: DataUrl }
  | { ok: false; problem: "not-data-url" | "bad-base64" };

const HEADER =
  /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)((?:;[a-z0-9_.+-]+=[^;,]*)*);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function parseDataUrl(text: string): DataUrlResult {
  const header = HEADER.exec(text.slice(0, 512));
  if (!header) return { ok: false, problem: "not-data-url" };
  const base64 = text.slice(header[0].length);
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) return { ok: false, problem: "bad-base64" };
  return { ok: true, dataUrl: { mediaType: (header[1] as string).toLowerCase(), base64 } };
}

/** The decoded size of canonical base64, known before decoding it. */
export function decodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** Base64 characters needed for `bytes` decoded bytes. */
export function encodedLength(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
