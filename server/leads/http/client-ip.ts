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

/**
 * A valid IP without the IPv4-mapped IPv6 prefix, or null. The mapped form is recognised however
 * it is written (`::ffff:192.0.2.1`, `::ffff:c000:201`, `0:0:0:0:0:ffff:…`): one IPv4 client must
 * not count as an IPv6 one, whose budget is its whole /64 (ipBudgetKey). Other addresses are kept
 * as given.
 */
export function normaliseIp(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim().replace(/^\[(.*)\]$/, "$1");
  const family = isIP(trimmed);
  if (family === 4) return trimmed;
  if (family !== 6) return null;
  return mappedIpv4(ipv6Groups(trimmed)) ?? trimmed;
}

/**
 * What the rate limit counts an address as, or null for no address: an IPv4 address whole, an
 * IPv6 address by its /64 (`2001:db8:1:2::/64`). One subscriber or host is routed a whole /64
 * and may send from any of its 2^64 addresses at will, so counting full IPv6 addresses would give
 * one visitor 2^64 budgets. Visitors sharing a /64 (one office's LAN) share a budget, as visitors
 * behind one IPv4 NAT do.
 */
export function ipBudgetKey(value: string): string | null {
  const ip = normaliseIp(value);
  if (ip === null || isIP(ip) === 4) return ip;
  const prefix = ipv6Groups(ip).slice(0, 4);
  return `${prefix.map((group) => group.toString(16)).join(":")}::/64`;
}

/**
 * The eight 16-bit groups of an address isIP() calls IPv6: without its zone id (`%eth0`, the
 * interface a link-local peer is on), with "::" expanded and a trailing dotted quad read as the
 * last two groups.
 */
function ipv6Groups(address: string): number[] {
  const bare = address.replace(/%.*$/, "");
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const hex = quad
    ? `${bare.slice(0, quad.index)}${[1, 3]
        .map((i) => ((Number(quad[i]) << 8) | Number(quad[i + 1])).toString(16))
        .join(":")}`
    : bare;
  const groups = (part: string | undefined) =>
    part ? part.split(":").map((group) => Number.parseInt(group, 16)) : [];
  const [head, tail] = hex.split("::");
  if (tail === undefined) return groups(head);
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address of an IPv4-mapped IPv6 one (::ffff:0:0/96), or null. */
function mappedIpv4(groups: number[]): string | null {
  if (!groups.slice(0, 5).every((group) => group === 0) || groups[5] !== 0xffff) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}
