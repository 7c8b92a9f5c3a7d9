/** Runs a Hono app on a node:http server, with a graceful close. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, RequestError } from "@hono/node-server";
import type { Hono } from "hono";
import { SHUTDOWN_GRACE_MS } from "./constants.ts";
import { type CspConfig, securityHeaders } from "./headers.ts";

export type NodeRequestListener = (
  incoming: IncomingMessage,
  outgoing: ServerResponse,
) => Promise<void>;

/**
 * The node:http listener for an app. Requests the adapter cannot even turn into a Request
 * (backslash in the path, bad Host) never reach the app, so they get their 400 here, with
 * the same security headers (pass the app's CSP config).
 */
export function createRequestListener(
  app: Hono,
  options: { csp?: CspConfig } = {},
): NodeRequestListener {
  const headers = securityHeaders({ csp: options.csp });
  return getRequestListener(app.fetch, {
    errorHandler: (error) => {
      const status = error instanceof RequestError ? 400 : 500;
      if (status === 500) console.error("Request failed outside the app:", error);
      return new Response(status === 400 ? "Bad request" : "Internal server error", {
        status,
        headers: {
          ...headers,
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
        },
      });
    },
  });
}

export interface RunningServer {
  server: Server;
  /** The bound port (useful with port 0). */
  port: number;
  /** A URL to reach the server from this machine. */
  url: string;
  /** Stops accepting, lets in-flight requests finish (cut off after graceMs), then resolves. */
  close(graceMs?: number): Promise<void>;
}

function localUrl(host: string, port: number): string {
  const wildcard = host === "0.0.0.0" || host === "::" || host === "";
  const name = wildcard ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function closeGracefully(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
    // A keep-alive socket turns idle once its last response is sent and would then hold
    // close() open until its keep-alive timeout; sweep idle sockets until all are gone.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    cutOff.unref();
    sweep.unref();
    server.close((error) => {
      clearTimeout(cutOff);
      clearInterval(sweep);
      const notRunning =
        (error as NodeJS.ErrnoException | undefined)?.code === "ERR_SERVER_NOT_RUNNING";
      if (error && !notRunning) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}

export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startServer(options: {
  app: Hono;
  port: number;
  host: string;
  /** The CSP config the app was created with (for the adapter-level 400). */
  csp?: CspConfig;
}): Promise<RunningServer> {
  const server = createServer(createRequestListener(options.app, { csp: options.csp }));
  const address = await listen(server, options.port, options.host);
  return {
    server,
    port: address.port,
    url: localUrl(options.host, address.port),
    close: (graceMs) => closeGracefully(server, graceMs),
  };
}
