/**
 * The browser tests' server: the real app (server/app.ts) behind a fault table, so a test
 * can make any URL fail, hang, vanish or answer altered data, and count what was requested.
 *
 *   const site = await startFaultServer({ root: "/tmp/x-public" });
 *   site.faults.set("/page-data/app-data.json", { rewriteJson: (d) => ({ ...d, compilationHash: "new" }), times: 1 });
 *   site.faults.set(/^\/page-data\/blog\//, { status: 503 });
 *   await page.goto(site.url + "/");
 *   expect(site.requests.count("/page-data/app-data.json", "GET")).toBe(1);
 *   await site.close();
 */
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import type { Hono } from "hono";
import { createApp } from "../../../server/app.ts";
import type { CspConfig } from "../../../server/headers.ts";
import { closeGracefully, createRequestListener, listen } from "../../../server/node.ts";

/** A URL path: a string matches the pathname (or the whole path with query) exactly; a RegExp is tested against both. */
export type PathKey = string | RegExp;

export interface Fault {
  /** Answer with this status (and `body`, default "Fault injected: {status}") instead of the app. */
  status?: number;
  body?: string;
  headers?: Readonly<Record<string, string>>;
  /** Destroy the socket without answering (the browser sees a network error). */
  drop?: true;
  /** Wait this long first; alone it then serves normally, combined it precedes the other fault. */
  delayMs?: number;
  /**
   * Hold the answer until this settles (a gate the test opens when it is ready), after any
   * `delayMs`; alone it then serves normally. Unlike a delay it never races the test's own pace.
   */
  holdUntil?: Promise<unknown>;
  /** Serve the app's answer with its JSON body transformed (precompressed variants bypassed). */
  // biome-ignore lint/suspicious/noExplicitAny: test code reshapes arbitrary page data; `unknown` would force a cast in every test
  rewriteJson?: (json: any) => any;
  /** Serve the app's answer with its text body (e.g. HTML) transformed. */
  rewriteText?: (text: string) => string;
  /** Apply to the first `times` matching requests only, then remove the fault. */
  times?: number;
}

export type FaultKind = "status" | "drop" | "delay" | "rewriteJson" | "rewriteText";

export interface FaultTable {
  /** Adds or replaces the fault for `key` (a RegExp is the same key as another with equal source and flags). */
  set(key: PathKey, fault: Fault): void;
  delete(key: PathKey): boolean;
  clear(): void;
  /** Faults still active, in matching order (first set, first tried). */
  readonly size: number;
}

export interface LoggedRequest {
  method: string;
  /** Pathname plus query string, as the client sent it. */
  path: string;
  /** The status sent; 0 while unanswered, or when the socket was dropped or aborted. */
  status: number;
  /** Arrival time, `Date.now()`. */
  time: number;
  /** Which fault handled it, if any. */
  fault?: FaultKind;
}

export interface RequestLog {
  /** Logged requests in arrival order, optionally only those matching `key` and `method`. */
  entries(key?: PathKey, method?: string): LoggedRequest[];
  count(key?: PathKey, method?: string): number;
  clear(): void;
}

export interface FaultServer {
  /** e.g. `http://127.0.0.1:43567` (no trailing slash). */
  url: string;
  port: number;
  faults: FaultTable;
  requests: RequestLog;
  close(): Promise<void>;
}

export interface FaultServerOptions {
  /** The build output folder to serve. */
  root: string;
  /** API sub-app passed to createApp (default: createApi()). */
  api?: Hono;
  csp?: CspConfig;
  /** Bind address, default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
}

function keyId(key: PathKey): string {
  return typeof key === "string" ? `s:${key}` : `r:${key.source}/${key.flags}`;
}

export function pathMatches(key: PathKey, fullPath: string): boolean {
  const query = fullPath.indexOf("?");
  const pathname = query === -1 ? fullPath : fullPath.slice(0, query);
  if (typeof key === "string") return key === pathname || key === fullPath;
  // A /g or /y RegExp keeps state between test() calls; start fresh every time.
  key.lastIndex = 0;
  if (key.test(pathname)) return true;
  key.lastIndex = 0;
  return key.test(fullPath);
}

const ACTIONS = ["status", "drop", "rewriteJson", "rewriteText"] as const;

function kindOf(fault: Fault): FaultKind {
  return ACTIONS.find((action) => fault[action] !== undefined) ?? "delay";
}

function checkFault(fault: Fault): void {
  const actions = ACTIONS.filter((action) => fault[action] !== undefined);
  if (actions.length > 1) {
    throw new Error(`A fault takes one of ${ACTIONS.join(", ")}; got ${actions.join(" and ")}`);
  }
  if (actions.length === 0 && fault.delayMs === undefined && fault.holdUntil === undefined) {
    throw new Error(`A fault needs one of ${ACTIONS.join(", ")}, delayMs or holdUntil`);
  }
  if (fault.times !== undefined && !(Number.isInteger(fault.times) && fault.times > 0)) {
    throw new Error(`fault.times must be a positive integer, got ${fault.times}`);
  }
  if (fault.delayMs !== undefined && !(fault.delayMs >= 0)) {
    throw new Error(`fault.delayMs must be >= 0, got ${fault.delayMs}`);
  }
}

interface ActiveFault {
  key: PathKey;
  fault: Fault;
  remaining: number;
}

function createFaultTable(): FaultTable & { take(fullPath: string): Fault | undefined } {
  const active = new Map<string, ActiveFault>();
  return {
    set(key, fault) {
      checkFault(fault);
      const id = keyId(key);
      // Re-setting moves the fault to the end, like a fresh one.
      active.delete(id);
      active.set(id, { key, fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
    },
    delete: (key) => active.delete(keyId(key)),
    clear: () => active.clear(),
    get size() {
      return active.size;
    },
    take(fullPath) {
      for (const [id, entry] of active) {
        if (!pathMatches(entry.key, fullPath)) continue;
        entry.remaining -= 1;
        if (entry.remaining <= 0) active.delete(id);
        return entry.fault;
      }
      return undefined;
    },
  };
}

function createRequestLog(): RequestLog & { add(entry: LoggedRequest): void } {
  let log: LoggedRequest[] = [];
  const select = (key?: PathKey, method?: string) =>
    log.filter(
      (entry) =>
        (key === undefined || pathMatches(key, entry.path)) &&
        (method === undefined || entry.method === method.toUpperCase()),
    );
  return {
    add: (entry) => log.push(entry),
    entries: (key, method) => select(key, method).map((entry) => ({ ...entry })),
    count: (key, method) => select(key, method).length,
    clear: () => {
      log = [];
    },
  };
}

/** Headers describing the original bytes, which a rewritten body no longer matches. */
const STALE_HEADERS = new Set(["content-length", "content-encoding", "etag", "last-modified"]);
/** Request headers that could make the app answer with compressed bytes or an empty 304. */
const DROPPED_REQUEST_HEADERS = new Set([
  "accept-encoding",
  "if-none-match",
  "if-modified-since",
  "range",
  "connection",
]);

async function serveRewritten(
  app: Hono,
  req: IncomingMessage,
  res: ServerResponse,
  fault: Fault,
): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  headers.set("accept-encoding", "identity");
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  const original = await app.fetch(new Request(url, { method: "GET", headers }));
  const text = await original.text();
  const body = fault.rewriteJson
    ? JSON.stringify(fault.rewriteJson(JSON.parse(text)))
    : (fault.rewriteText as (text: string) => string)(text);

  const out: OutgoingHttpHeaders = {};
  original.headers.forEach((value, name) => {
    if (!STALE_HEADERS.has(name)) out[name] = value;
  });
  // A browser must not keep an altered file beyond the test that altered it.
  out["cache-control"] = "no-store";
  out["content-length"] = Buffer.byteLength(body);
  res.writeHead(original.status, out);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Notes the status as the head is written: a client can hold the whole response before the
 * server's "finish" event fires, and a test reading the log right after must see it.
 */
function recordStatus(res: ServerResponse, entry: LoggedRequest): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    entry.status = Number(args[0]);
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
  // Responses that never call writeHead explicitly (implicit headers) still end up here.
  res.on("finish", () => {
    entry.status = res.statusCode;
  });
}

export async function startFaultServer(options: FaultServerOptions): Promise<FaultServer> {
  const app = createApp({ root: options.root, api: options.api, csp: options.csp });
  const appListener = createRequestListener(app, { csp: options.csp });
  const faults = createFaultTable();
  const requests = createRequestLog();
  const timers = new Set<NodeJS.Timeout>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const fullPath = req.url ?? "/";
    const entry: LoggedRequest = {
      method: req.method ?? "GET",
      path: fullPath,
      status: 0,
      time: Date.now(),
    };
    requests.add(entry);
    recordStatus(res, entry);

    const fault = faults.take(fullPath);
    if (!fault) return appListener(req, res);
    entry.fault = kindOf(fault);

    if (fault.delayMs !== undefined) {
      await sleep(fault.delayMs);
      if (req.socket.destroyed) return;
    }
    if (fault.holdUntil !== undefined) {
      await fault.holdUntil.catch(() => undefined);
      if (req.socket.destroyed) return;
    }
    if (fault.drop) {
      req.socket.destroy();
      return;
    }
    if (fault.status !== undefined) {
      res.writeHead(fault.status, {
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
        ...fault.headers,
      });
      res.end(
        req.method === "HEAD" ? undefined : (fault.body ?? `Fault injected: ${fault.status}`),
      );
      return;
    }
    if (fault.rewriteJson || fault.rewriteText) {
      try {
        await serveRewritten(app, req, res, fault);
      } catch (error) {
        const message = `fault-server: ${entry.fault} for ${fullPath} failed: ${(error as Error).message}`;
        console.error(message);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(message);
      }
      return;
    }
    return appListener(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("fault-server: request failed", error);
      req.socket.destroy();
    });
  });
  const host = options.host ?? "127.0.0.1";
  const address = await listen(server, options.port ?? 0, host);
  const urlHost = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    faults,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Tests should not wait on a browser's keep-alive sockets.
      await closeGracefully(server, 0);
    },
  };
}
