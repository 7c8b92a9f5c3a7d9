/**
 * GET /api/files/{id}: an uploaded file, always as a download of its sniffed type — never
 * rendered by the browser on this origin (attachment, nosniff, and a sandboxing CSP for good
 * measure), and never cached by a shared cache.
 */
import type { Context } from "hono";
import { MESSAGES } from "./constants.ts";
import type { LeadApiDeps } from "./deps.ts";
import { errorKind } from "./log.ts";
import { isStoreUnavailable, withTimeout } from "./timeout.ts";

const FILE_ID = /^[A-Za-z0-9_-]{16,64}$/;
const NOT_FOUND = { success: false, message: "Not found" } as const;

export function fileHandler(deps: LeadApiDeps) {
  return async (c: Context): Promise<Response> => {
    const id = c.req.param("id") ?? "";
    if (!FILE_ID.test(id)) return c.json(NOT_FOUND, 404);
    let file: Awaited<ReturnType<LeadApiDeps["store"]["getFile"]>>;
    try {
      file = await withTimeout(deps.store.getFile(id), deps.settings.storeTimeoutMs);
    } catch (error) {
      deps.log("file.read_failed", { error: errorKind(error) });
      const unavailable = isStoreUnavailable(error);
      return c.json(
        { success: false, message: unavailable ? MESSAGES.unavailable : MESSAGES.internal },
        unavailable ? 503 : 500,
      );
    }
    if (!file) return c.json(NOT_FOUND, 404);
    return new Response(new Uint8Array(file.bytes), {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.bytes.byteLength),
        "Content-Disposition": contentDisposition(file.filename),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  };
}

/** RFC 6266: an ASCII fallback name plus the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
