import { describe, expect, it } from "vitest";
import { cookieDomainFor } from "./cookie-domain.ts";

describe("cookieDomainFor", () => {
  it.each([
    ["www.harbordesk.example", "harbordesk.example"],
    ["harbordesk.example", "harbordesk.example"],
    ["secure.harbordesk.example", "harbordesk.example"],
    ["a.b.c.harbordesk.example", "harbordesk.example"],
    ["WWW.HarborDesk.Example.", "harbordesk.example"],
    ["www.harbordesk.co.uk", "harbordesk.co.uk"],
    ["shop.harbordesk.com.au", "harbordesk.com.au"],
    ["preview-1.harbordesk.vercel.app", "harbordesk.vercel.app"],
    ["harbordesk.io", "harbordesk.io"],
  ])("%s → %s", (host, domain) => {
    expect(cookieDomainFor(host)).toBe(domain);
  });

  it.each([
    "localhost",
    "app.localhost",
    "127.0.0.1",
    "10.0.0.12",
    "[::1]",
    "::1",
    "[2001:db8::1]",
    "intranet",
    "co.uk",
    "vercel.app",
    "",
    "a..b",
  ])("%j is host-only", (host) => {
    expect(cookieDomainFor(host)).toBeUndefined();
  });
});
