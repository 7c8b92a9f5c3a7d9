import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { clientIp } from "./client-ip.ts";

/** The Node request under @hono/node-server; undefined elsewhere (serverless, tests). */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** The peer address of the socket under @hono/node-server; null elsewhere (serverless, tests). */
export function socketAddress(c: Context): string | null {
  return incomingOf(c)?.socket?.remoteAddress ?? null;
}

export function callerIp(c: Context, trustProxyHops: number): string | null {
  return clientIp({
    socketAddress: socketAddress(c),
    forwardedFor: c.req.header("x-forwarded-for") ?? null,
    trustProxyHops,
  });
}

/** The hosts this request addressed: Host, plus X-Forwarded-Host behind a trusted proxy. */
export function siteHosts(c: Context, trustProxyHops: number): string[] {
  const hosts = [c.req.header("host") ?? new URL(c.req.url).host];
  if (trustProxyHops > 0) {
    const forwarded = c.req.header("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwarded) hosts.push(forwarded);
  }
  return hosts.map((host) => host.toLowerCase()).filter((host) => host !== "");
}
