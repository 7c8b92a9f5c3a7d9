/**
 * Reading request bodies with a hard byte cap, BEFORE anything parses them: a declared
 * Content-Length over the cap is refused unread, and an undeclared (chunked) body is counted as it
 * streams in and abandoned the moment it passes the cap. Then strict UTF-8, JSON and urlencoded
 * parsing into plain records that cannot pollute prototypes.
 */

import type { IncomingMessage } from "node:http";

export type CappedBody = { ok: true; bytes: Uint8Array } | { ok: false; problem: "too-large" };

function declaredTooLarge(declared: string | null | undefined, maxBytes: number): boolean {
  return declared != null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes;
}

/**
 * The body of a request. Under Node, pass the IncomingMessage: reading it directly is several
 * times cheaper than the web stream the adapter would otherwise build for `request.body`.
 */
export function readCappedBody(
  request: Request,
  maxBytes: number,
  incoming?: IncomingMessage,
): Promise<CappedBody> {
  if (declaredTooLarge(request.headers.get("content-length"), maxBytes)) {
    return Promise.resolve({ ok: false, problem: "too-large" });
  }
  return incoming && !incoming.readableDidRead
    ? readCappedIncoming(incoming, maxBytes)
    : readCappedStream(request, maxBytes);
}

function readCappedIncoming(incoming: IncomingMessage, maxBytes: number): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        // Stop reading: the rest of an oversize body is never buffered (the answer closes the connection).
        cleanup();
        incoming.pause();
        resolve({ ok: false, problem: "too-large" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({
        ok: true,
        bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
      });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      if (incoming.readableEnded) return onEnd();
      cleanup();
      reject(new Error("The client closed the connection before sending the whole body"));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}

async function readCappedStream(request: Request, maxBytes: number): Promise<CappedBody> {
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Stop reading: the rest of an oversize body is never buffered.
      await reader.cancel().catch(() => {});
      return { ok: false, problem: "too-large" };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Strict UTF-8 text, or null for bytes that are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

export type ParsedObject =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; problem: "malformed" | "not-an-object" };

/**
 * A JSON body that must be an object. JSON.parse makes `__proto__` an own key (never the
 * prototype), so a hostile key is just an unknown field the form check refuses.
 */
export function parseJsonObject(text: string): ParsedObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "malformed" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problem: "not-an-object" };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export interface UrlEncodedFields {
  /** Field → value, on an object without a prototype. */
  fields: Record<string, string>;
  /** Names sent more than once: a form field takes one value. */
  repeated: string[];
}

export function parseUrlEncoded(text: string): UrlEncodedFields {
  const fields: Record<string, string> = Object.create(null);
  const repeated = new Set<string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) repeated.add(name);
    else fields[name] = value;
  }
  return { fields, repeated: [...repeated] };
}
