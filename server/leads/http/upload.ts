/**
 * POST /api/hubspot/uploadFile: `{file: dataURL, filename}` → `{success, fileUrl}`. The file's
 * kind is decided by its bytes; the data URL's declared type must agree; the decoded size is
 * capped (UPLOAD_MAX_BYTES) and so is the body before it is read. Stored under an unguessable id.
 */
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { UPLOADED_FILE_PATH_PREFIX } from "../../../src/forms/index.ts";
import { decodeUtf8, parseJsonObject, readCappedBody } from "./body.ts";
import {
  FILE_ID_BYTES,
  FILE_SWEEP_EVERY_MS,
  JSON_TYPE,
  MAX_FILENAME_LENGTH,
  MESSAGES,
  UNCLAIMED_FILE_TTL_MS,
  UPLOAD_ENVELOPE_BYTES,
  UPLOAD_MESSAGES,
} from "./constants.ts";
import { charsetOf, mediaTypeOf } from "./content-type.ts";
import { decodedLength, encodedLength, parseDataUrl } from "./data-url.ts";
import type { LeadApiDeps } from "./deps.ts";
import { errorKind } from "./log.ts";
import { isAllowedOrigin } from "./origin.ts";
import { callerIp, incomingOf, siteHosts } from "./request-info.ts";
import { declaredTypeMatches, sniffFile } from "./sniff.ts";
import { isStoreUnavailable, withTimeout } from "./timeout.ts";

/** Declared types that may be uploaded at all; anything else is refused before decoding. */
const ACCEPTED_DECLARED_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/webp",
  "image/gif",
  "application/pdf",
]);

type Status = 400 | 403 | 413 | 415 | 429 | 500 | 503;

export function uploadFileHandler(deps: LeadApiDeps) {
  const { settings, log } = deps;
  const now = deps.now ?? (() => new Date());
  const maxBodyBytes = encodedLength(settings.uploadMaxBytes) + UPLOAD_ENVELOPE_BYTES;
  // Swept from here, not on a timer: a serverless instance has no timer between requests, and
  // only uploads make files to sweep. At most one sweep at a time in a process.
  let lastSweep = Number.NEGATIVE_INFINITY;
  const sweepUnclaimedFiles = () => {
    const at = now().getTime();
    if (at - lastSweep < FILE_SWEEP_EVERY_MS) return;
    lastSweep = at;
    deps.store.deleteUnclaimedFiles(new Date(at - UNCLAIMED_FILE_TTL_MS)).then(
      (deleted) => {
        if (deleted > 0) log("upload.swept", { deleted });
      },
      (error: unknown) => log("upload.sweep_failed", { error: errorKind(error) }),
    );
  };

  return async (c: Context): Promise<Response> => {
    const fail = (status: Status, message: string, reason: string) => {
      log("upload.refused", { status, reason });
      if (status === 413) c.header("Connection", "close");
      return c.json({ success: false, message }, status);
    };
    if (
      !isAllowedOrigin({
        origin: c.req.header("origin") ?? null,
        secFetchSite: c.req.header("sec-fetch-site") ?? null,
        siteHosts: siteHosts(c, settings.trustProxyHops),
        allowedOrigins: settings.allowedOrigins,
      })
    ) {
      return fail(403, MESSAGES.crossSite, "cross-site");
    }
    const ip = callerIp(c, settings.trustProxyHops);
    const decision = await deps.rateLimiter.consume(`upload:${ip ?? "unknown"}`);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return fail(429, MESSAGES.rateLimited, "rate-limited");
    }
    const contentType = c.req.header("content-type");
    const charset = charsetOf(contentType);
    if (mediaTypeOf(contentType) !== JSON_TYPE || (charset && charset !== "utf-8")) {
      return fail(415, MESSAGES.wrongUploadType, "content-type");
    }
    const tooLarge = UPLOAD_MESSAGES.tooLarge(settings.uploadMaxBytes);
    const body = await readCappedBody(c.req.raw, maxBodyBytes, incomingOf(c));
    if (!body.ok) return fail(413, tooLarge, "body-too-large");
    const text = decodeUtf8(body.bytes);
    if (text === null) return fail(400, MESSAGES.badEncoding, "encoding");
    const parsed = parseJsonObject(text);
    if (!parsed.ok) {
      return fail(
        400,
        parsed.problem === "malformed" ? MESSAGES.malformedJson : MESSAGES.notAnObject,
        "json",
      );
    }
    const { file, filename } = parsed.value;
    if (typeof file !== "string" || file === "")
      return fail(400, UPLOAD_MESSAGES.missingFile, "no-file");
    if (filename !== undefined && filename !== null && typeof filename !== "string") {
      return fail(400, UPLOAD_MESSAGES.badFilename, "filename");
    }

    const dataUrl = parseDataUrl(file);
    if (!dataUrl.ok) {
      return dataUrl.problem === "not-data-url"
        ? fail(400, UPLOAD_MESSAGES.notDataUrl, "not-data-url")
        : fail(400, UPLOAD_MESSAGES.badBase64, "base64");
    }
    const { mediaType, base64 } = dataUrl.dataUrl;
    if (!ACCEPTED_DECLARED_TYPES.has(mediaType))
      return fail(415, UPLOAD_MESSAGES.notAllowed, "declared-type");
    const size = decodedLength(base64);
    if (size > settings.uploadMaxBytes) return fail(413, tooLarge, "file-too-large");
    if (size === 0) return fail(400, UPLOAD_MESSAGES.empty, "empty");

    const bytes = new Uint8Array(Buffer.from(base64, "base64"));
    const sniffed = sniffFile(bytes);
    if (!sniffed) return fail(415, UPLOAD_MESSAGES.notAllowed, "content");
    if (!declaredTypeMatches(mediaType, sniffed))
      return fail(400, UPLOAD_MESSAGES.mismatch, "mismatch");
    if (!sniffed.complete) return fail(400, UPLOAD_MESSAGES.truncated, "truncated");

    const id = randomBytes(FILE_ID_BYTES).toString("base64url");
    try {
      await withTimeout(
        deps.store.putFile({
          id,
          filename: storedFilename(typeof filename === "string" ? filename : "", sniffed.extension),
          contentType: sniffed.mediaType,
          bytes,
          createdAt: now(),
        }),
        settings.storeTimeoutMs,
      );
    } catch (error) {
      log("upload.store_failed", { error: errorKind(error) });
      return isStoreUnavailable(error)
        ? fail(503, MESSAGES.unavailable, "unavailable")
        : fail(500, MESSAGES.internal, "internal");
    }
    log("upload.stored", { fileId: id, type: sniffed.mediaType, bytes: bytes.byteLength });
    sweepUnclaimedFiles();
    return c.json({ success: true, fileUrl: `${UPLOADED_FILE_PATH_PREFIX}${id}` }, 200);
  };
}

/**
 * The visitor's filename without any path, control or quoting characters, and with the
 * extension of what the bytes really are (a PNG named "cv.pdf" is kept as "cv.png").
 */
export function storedFilename(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\p{Cc}"%;<>]/gu, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, MAX_FILENAME_LENGTH - extension.length - 1);
  return `${base.replace(/^\.+/, "") || "upload"}.${extension}`;
}
