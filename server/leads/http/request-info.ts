import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { clientIp } from "./client-ip.ts";

/** The Node request under @hono/node-server; undefined elsewhere (serverless, tests). */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * What a host without a socket hands the app as its env (server/function.ts): the address that
 * connected to the platform, as the platform reports it in a header of its own
 * (CLIENT_IP_HEADER), or null.
 */
export interface PeerEnv {
  peerAddress: string | null;
}

/**
 * The address that connected: the socket's peer under @hono/node-server, the platform's word
 * for it under the serverless function; null elsewhere (tests, a platform that names none).
 */
export function peerAddress(c: Context): string | null {
  const env = c.env as Partial<PeerEnv> | undefined;
  return incomingOf(c)?.socket?.remoteAddress ?? env?.peerAddress ?? null;
}

export function callerIp(c: Context, trustProxyHops: number): string | null {
  return clientIp({
    socketAddress: peerAddress(c),
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
