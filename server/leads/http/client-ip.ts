import { isIP } from "node:net";

/**
 * The caller's IP. X-Forwarded-For is written by whoever sends the request, so it counts only
 * when TRUST_PROXY names how many proxies of ours stand in front: the address `hops` entries back
 * from the socket's peer is the one our outermost proxy saw. Without trust, the socket's peer.
 */
export function clientIp(input: {
  socketAddress: string | null;
  forwardedFor: string | null;
  /** Proxies of ours in front of the server; 0 ignores X-Forwarded-For. */
  trustProxyHops: number;
}): string | null {
  const peer = normaliseIp(input.socketAddress);
  if (input.trustProxyHops <= 0 || !input.forwardedFor) return peer;
  const chain = [
    ...input.forwardedFor
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ""),
    peer ?? "",
  ];
  const candidate = normaliseIp(chain[Math.max(0, chain.length - 1 - input.trustProxyHops)]);
  return candidate ?? peer;
}

/** A valid IP without the IPv4-mapped IPv6 prefix, or null. */
export function normaliseIp(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim().replace(/^\[(.*)\]$/, "$1");
  const unmapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1] ?? trimmed;
  return isIP(unmapped) ? unmapped : null;
}
