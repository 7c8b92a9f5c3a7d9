/**
 * The static site handler: maps a URL to a file of the build output and streams it from
 * disk on every request, so a rebuild is live at once. Rules are documented in
 * server/README.md.
 */

import type { Stats } from "node:fs";
import { type FileHandle, open, readFile, stat } from "node:fs/promises";
import path from "node:path";
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
import { cacheControlFor } from "./headers.ts";
import { createMatchPathStore } from "./match-paths.ts";
import { contentTypeFor, isCompressible } from "./mime.ts";
import { createRedirectStore } from "./redirects.ts";
import { parseRequestPath, resolveInRoot } from "./request-path.ts";

const ALLOWED_METHODS = "GET, HEAD";
/** Files up to this size are read in one call; larger ones are streamed. */
const WHOLE_READ_MAX_BYTES = 64 * 1024;
/** Errors that mean "there is no such file here", as opposed to a broken disk or permissions. */
const MISSING_FILE_CODES = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG"]);

function isMissing(error: unknown): boolean {
  return MISSING_FILE_CODES.has((error as NodeJS.ErrnoException).code ?? "");
}

async function statIfExists(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await statIfExists(file))?.isFile() ?? false;
}

interface OpenedFile {
  handle: FileHandle;
  stats: Stats;
  encoding: ContentEncoding | undefined;
}

async function openFile(file: string, encoding?: ContentEncoding): Promise<OpenedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    // Size and mtime come from the open descriptor, so they describe exactly the bytes we send
    // even if a rebuild replaces the file meanwhile.
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats, encoding };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

/** The best precompressed sibling the client accepts, else the file itself. */
async function openBestVariant(
  file: string,
  contentType: string,
  acceptEncoding: string | null,
): Promise<OpenedFile | undefined> {
  if (isCompressible(contentType)) {
    for (const encoding of acceptedEncodings(acceptEncoding)) {
      const variant = await openFile(file + ENCODING_EXTENSIONS[encoding], encoding);
      if (variant) return variant;
    }
  }
  return openFile(file);
}

interface ServeOptions {
  status: number;
  cacheControl: string;
  /** Validators and 304 only make sense for the resource itself, not for an error page. */
  conditional: boolean;
}

async function serveFile(
  request: Request,
  file: string,
  options: ServeOptions,
): Promise<Response | undefined> {
  const contentType = contentTypeFor(file);
  const opened = await openBestVariant(file, contentType, request.headers.get("accept-encoding"));
  if (!opened) return undefined;
  const { handle, stats, encoding } = opened;

  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": options.cacheControl,
    // Every static answer may differ by coding, and shared caches must key on it.
    Vary: "Accept-Encoding",
  });
  if (encoding) headers.set("Content-Encoding", encoding);
  if (options.conditional) {
    const etag = etagFor(stats, encoding);
    headers.set("ETag", etag);
    headers.set("Last-Modified", lastModifiedFor(stats));
    if (isNotModified(request.headers, etag, stats)) {
      await handle.close();
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
  }
  headers.set("Content-Length", String(stats.size));
  if (request.method === "HEAD") {
    await handle.close();
    return new Response(null, { status: options.status, headers });
  }
  if (stats.size <= WHOLE_READ_MAX_BYTES) {
    // Most files are small; one read into a buffer costs far less than a stream's machinery.
    try {
      const bytes = await handle.readFile();
      // A rebuild writing this file in place may have changed its length since fstat.
      headers.set("Content-Length", String(bytes.byteLength));
      return new Response(bytes, { status: options.status, headers });
    } finally {
      await handle.close();
    }
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
  const matchPaths = createMatchPathStore(path.join(absoluteRoot, MATCH_PATHS_FILE));
  const redirects = createRedirectStore(path.join(absoluteRoot, REDIRECTS_FILE));

  async function notFound(request: Request): Promise<Response> {
    const page = await serveFile(request, path.join(absoluteRoot, NOT_FOUND_FILE), {
      status: 404,
      cacheControl: CACHE_REVALIDATE,
      conditional: false,
    });
    return page ?? plainText(404, "Not found", request.method);
  }

  /** A page removed for good: 410 with the 404 page's HTML, so visitors still get the site. */
  async function gone(request: Request): Promise<Response> {
    const page = await serveFile(request, path.join(absoluteRoot, NOT_FOUND_FILE), {
      status: 410,
      cacheControl: CACHE_REVALIDATE,
      conditional: false,
    });
    return page ?? plainText(410, "Gone", request.method);
  }

  async function serverError(request: Request): Promise<Response> {
    const headers = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": CACHE_NO_STORE,
    };
    try {
      // Read whole (it is small) so a failure here still leaves room for the plain fallback.
      const html = await readFile(path.join(absoluteRoot, SERVER_ERROR_FILE));
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
    const served = await serveFile(request, file, {
      status: 200,
      cacheControl: cacheControlFor(decoded),
      conditional: true,
    });
    if (served) return served;

    if (!trailingSlash && (await isFile(path.join(file, INDEX_FILE)))) {
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
