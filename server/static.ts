/**
 * The static site handler: maps a URL to a file of the build output and answers with its bytes,
 * kept in memory for small files (file-cache.ts) and streamed from disk for large ones. Every
 * request checks the file on disk, so a rebuild is live at once. Rules are documented in
 * server/README.md.
 */

import type { Stats } from "node:fs";
import { type FileHandle, open, readFile } from "node:fs/promises";
import path from "node:path";
import { pipeline, Readable } from "node:stream";
import { compressForKeeping, compressingStream, MIN_COMPRESSED_BYTES } from "./compress.ts";
import { etagFor, isNotModified, lastModifiedFor } from "./conditional.ts";
import {
  CACHE_NO_STORE,
  CACHE_REVALIDATE,
  INDEX_FILE,
  MATCH_PATHS_FILE,
  NOT_FOUND_FILE,
  REDIRECTS_FILE,
  SERVER_ERROR_FILE,
} from "./constants.ts";
import { acceptedEncodings, type ContentEncoding, ENCODING_EXTENSIONS } from "./encoding.ts";
import {
  type CachedFile,
  createFileCache,
  type FileCache,
  isMissingFileError,
  type LargeFile,
  statFile,
} from "./file-cache.ts";
import { cacheControlFor } from "./headers.ts";
import { createMatchPathStore } from "./match-paths.ts";
import { contentTypeFor, isCompressible } from "./mime.ts";
import { createRedirectStore } from "./redirects.ts";
import { parseRequestPath, resolveInRoot } from "./request-path.ts";

const ALLOWED_METHODS = "GET, HEAD";
/** Files up to this size are kept in memory (checked against the disk on each request). */
const CACHED_FILE_MAX_BYTES = 256 * 1024;
/** Memory for kept files: every page's HTML, page data and assets of this site fit many times. */
const FILE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

interface FoundFile {
  file: (CachedFile | LargeFile) & { path: string };
  encoding: ContentEncoding | undefined;
  /** A large file that is compressed as it streams (its length is not known in advance). */
  streamed?: boolean;
}

async function find(cache: FileCache, file: string, encoding?: ContentEncoding) {
  const found = await cache.read(file);
  return found ? { file: { ...found, path: file }, encoding } : undefined;
}

/**
 * What to send: the best precompressed sibling the client accepts; else the file itself,
 * compressed here in the best coding the client accepts when it is text of some size (the
 * build leaves pages and page data to the server: compress.ts).
 */
async function findBestVariant(
  cache: FileCache,
  file: string,
  contentType: string,
  acceptEncoding: string | null,
): Promise<FoundFile | undefined> {
  const accepted = isCompressible(contentType) ? acceptedEncodings(acceptEncoding) : [];
  for (const encoding of accepted) {
    const variant = await find(cache, file + ENCODING_EXTENSIONS[encoding], encoding);
    if (variant) return variant;
  }
  const found = await find(cache, file);
  const encoding = accepted[0];
  if (!found || !encoding || found.file.stats.size < MIN_COMPRESSED_BYTES) return found;
  if (found.file.kind === "large") return { ...found, encoding, streamed: true };
  const source = found.file;
  const bytes = await cache.derived(file, source, encoding, (raw) =>
    compressForKeeping(raw, encoding),
  );
  return { file: { ...source, bytes: bytes as Buffer<ArrayBuffer> }, encoding };
}

/** A large file opened for streaming, with size and mtime of exactly the bytes it streams. */
async function openLarge(file: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if (isMissingFileError(error)) return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

interface ServeOptions {
  status: number;
  cacheControl: string;
  /** Validators and 304 only make sense for the resource itself, not for an error page. */
  conditional: boolean;
}

async function serveFile(
  cache: FileCache,
  request: Request,
  file: string,
  options: ServeOptions,
): Promise<Response | undefined> {
  const contentType = contentTypeFor(file);
  const found = await findBestVariant(
    cache,
    file,
    contentType,
    request.headers.get("accept-encoding"),
  );
  if (!found) return undefined;
  const { encoding } = found;
  let stats = found.file.stats;

  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": options.cacheControl,
    // Every static answer may differ by coding, and shared caches must key on it.
    Vary: "Accept-Encoding",
  });
  if (encoding) headers.set("Content-Encoding", encoding);
  const setValidators = () => {
    const etag = etagFor(stats, encoding);
    headers.set("ETag", etag);
    headers.set("Last-Modified", lastModifiedFor(stats));
    return isNotModified(request.headers, etag, stats);
  };
  const notModified = () => {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  };

  if (found.file.kind === "bytes") {
    const { bytes } = found.file;
    if (options.conditional && setValidators()) return notModified();
    headers.set("Content-Length", String(bytes.byteLength));
    const body = request.method === "HEAD" ? null : bytes;
    return new Response(body, { status: options.status, headers });
  }

  const opened = await openLarge(found.file.path);
  if (!opened) return undefined;
  const { handle } = opened;
  stats = opened.stats;
  if (options.conditional && setValidators()) {
    await handle.close();
    return notModified();
  }
  if (!found.streamed) headers.set("Content-Length", String(stats.size));
  if (request.method === "HEAD") {
    await handle.close();
    return new Response(null, { status: options.status, headers });
  }
  if (found.streamed && encoding) {
    // pipeline destroys both streams (and closes the file) if either fails midway.
    const compressed = pipeline(handle.createReadStream(), compressingStream(encoding), () => {});
    return new Response(Readable.toWeb(compressed) as unknown as ReadableStream, {
      status: options.status,
      headers,
    });
  }
  // node:stream/web's ReadableStream is the same object as the global one; only the
  // TypeScript declarations (Node vs DOM lib) disagree.
  const body = handle.readableWebStream({ autoClose: true }) as unknown as ReadableStream;
  return new Response(body, { status: options.status, headers });
}

function plainText(
  status: number,
  body: string,
  method: string,
  extra: HeadersInit = {},
): Response {
  const headers = new Headers(extra);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Cache-Control", CACHE_NO_STORE);
  // Set here: a HEAD answer has no body to measure, and must say what GET would send.
  headers.set("Content-Length", String(Buffer.byteLength(body)));
  return new Response(method === "HEAD" ? null : body, { status, headers });
}

export interface StaticSite {
  /** Answers a GET/HEAD for any path under the root (405 for other methods). */
  handle(request: Request): Promise<Response>;
  /** The build's 404 page with status 404 (plain text if the build has none). */
  notFound(request: Request): Promise<Response>;
  /** The build's 500 page with status 500 (plain text if unreadable). Never throws. */
  serverError(request: Request): Promise<Response>;
}

export function createStaticSite(root: string): StaticSite {
  const absoluteRoot = path.resolve(root);
  const cache = createFileCache({
    maxFileBytes: CACHED_FILE_MAX_BYTES,
    maxTotalBytes: FILE_CACHE_MAX_BYTES,
  });
  const matchPaths = createMatchPathStore(path.join(absoluteRoot, MATCH_PATHS_FILE));
  const redirects = createRedirectStore(path.join(absoluteRoot, REDIRECTS_FILE));

  async function notFound(request: Request): Promise<Response> {
    const page = await serveFile(cache, request, path.join(absoluteRoot, NOT_FOUND_FILE), {
      status: 404,
      cacheControl: CACHE_REVALIDATE,
      conditional: false,
    });
    return page ?? plainText(404, "Not found", request.method);
  }

  /** A page removed for good: 410 with the 404 page's HTML, so visitors still get the site. */
  async function gone(request: Request): Promise<Response> {
    const page = await serveFile(cache, request, path.join(absoluteRoot, NOT_FOUND_FILE), {
      status: 410,
      cacheControl: CACHE_REVALIDATE,
      conditional: false,
    });
    return page ?? plainText(410, "Gone", request.method);
  }

  async function serverError(request: Request): Promise<Response> {
    try {
      // Read whole (it is small) so a failure here still leaves room for the plain fallback.
      const html = await readFile(path.join(absoluteRoot, SERVER_ERROR_FILE));
      const headers = {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": CACHE_NO_STORE,
        "Content-Length": String(html.byteLength),
      };
      return new Response(request.method === "HEAD" ? null : html, { status: 500, headers });
    } catch {
      return plainText(500, "Internal server error", request.method);
    }
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return plainText(405, "Method not allowed", request.method, { Allow: ALLOWED_METHODS });
    }
    const url = new URL(request.url);
    const parsed = parseRequestPath(url.pathname);
    if (!parsed.ok) {
      return parsed.status === 400
        ? plainText(400, "Bad request", request.method)
        : notFound(request);
    }
    const { segments, trailingSlash, decoded } = parsed;
    const last = segments.at(-1) ?? "";
    // Precompressed siblings are an encoding of another URL, never a resource of their own:
    // serving `/x.js.br` raw would hand brotli bytes to a client that asked for neither.
    if (!trailingSlash && Object.values(ENCODING_EXTENSIONS).some((ext) => last.endsWith(ext))) {
      return notFound(request);
    }

    const file = resolveInRoot(absoluteRoot, trailingSlash ? [...segments, INDEX_FILE] : segments);
    const served = await serveFile(cache, request, file, {
      status: 200,
      cacheControl: cacheControlFor(decoded),
      conditional: true,
    });
    if (served) return served;

    if (!trailingSlash && statFile(path.join(file, INDEX_FILE))) {
      return new Response(null, {
        status: 301,
        headers: {
          Location: `${url.pathname}/${url.search}`,
          "Cache-Control": CACHE_REVALIDATE,
          "Content-Length": "0",
        },
      });
    }

    const redirect = await redirects.find(decoded);
    if (redirect?.to) {
      return new Response(null, {
        status: redirect.status,
        headers: {
          Location: redirect.to.startsWith("/") ? `${redirect.to}${url.search}` : redirect.to,
          "Cache-Control": CACHE_REVALIDATE,
          "Content-Length": "0",
        },
      });
    }
    if (redirect) return gone(request);

    const match = await matchPaths.find(decoded);
    if (match) {
      const owner = parseRequestPath(match.path);
      if (owner.ok) {
        const page = await serveFile(
          cache,
          request,
          resolveInRoot(absoluteRoot, [...owner.segments, INDEX_FILE]),
          { status: 200, cacheControl: CACHE_REVALIDATE, conditional: true },
        );
        if (page) return page;
      }
    }
    return notFound(request);
  }

  return { handle, notFound, serverError };
}
