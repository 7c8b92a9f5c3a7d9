/**
 * What the rate limit counts an address as (ipBudgetKey): an IPv4 address whole, an IPv6
 * address by its /64 however it is written, and an IPv4-mapped IPv6 address as the IPv4 one.
 * (clientIp's choice of address among the socket and X-Forwarded-For is in parts.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { ipBudgetKey, normaliseIp } from "./client-ip.ts";

describe("ipBudgetKey", () => {
  it("counts an IPv4 address whole", () => {
    expect(ipBudgetKey("198.51.100.7")).toBe("198.51.100.7");
    expect(ipBudgetKey("198.51.100.8")).toBe("198.51.100.8");
  });

  it("counts every address of one IPv6 /64 as one, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const spelling of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:A:B:C:D",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "[2001:db8:1:2::9]",
      "2001:db8:1:2::",
      // A zone id names the interface of a link-local peer, not another host.
      "2001:db8:1:2::1%eth0",
      // A trailing dotted quad is the last 32 bits of the address.
      "2001:db8:1:2::192.0.2.1",
    ]) {
      expect(ipBudgetKey(spelling), spelling).toBe(key);
    }
  });

  it("keeps neighbouring /64s apart, including where '::' stands for the zeros", () => {
    expect(ipBudgetKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(ipBudgetKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipBudgetKey("2001:db8::1:0:0:1")).toBe("2001:db8:0:0::/64");
    expect(ipBudgetKey("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(ipBudgetKey("::1")).toBe("0:0:0:0::/64");
    expect(ipBudgetKey("fe80::1%25eth0")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address, in every spelling", () => {
    for (const spelling of [
      "::ffff:192.0.2.1",
      "::FFFF:192.0.2.1",
      "::ffff:c000:201",
      "0:0:0:0:0:ffff:c000:0201",
      "[::ffff:192.0.2.1]",
    ]) {
      expect(ipBudgetKey(spelling), spelling).toBe("192.0.2.1");
    }
    // Not mapped: only ::ffff:0:0/96 is.
    expect(ipBudgetKey("::fffe:c000:201")).toBe("0:0:0:0::/64");
    expect(ipBudgetKey("64:ff9b::c000:201")).toBe("64:ff9b:0:0::/64");
  });

  it("has no key for what is not an address", () => {
    for (const value of ["", "unknown", "999.1.1.1", "2001:db8::1::2", "2001:db8:1:2:3:4:5:6:7"]) {
      expect(ipBudgetKey(value), value).toBeNull();
    }
  });
});

describe("normaliseIp", () => {
  it("unmaps IPv4-mapped addresses however they are written, and keeps others as given", () => {
    expect(normaliseIp("::ffff:10.0.0.5")).toBe("10.0.0.5");
    expect(normaliseIp("::ffff:a00:5")).toBe("10.0.0.5");
    expect(normaliseIp("0:0:0:0:0:FFFF:0a00:0005")).toBe("10.0.0.5");
    expect(normaliseIp("2001:DB8::1")).toBe("2001:DB8::1");
    expect(normaliseIp("::1")).toBe("::1");
    expect(normaliseIp("::ffff:999.0.0.5")).toBeNull();
  });
});
