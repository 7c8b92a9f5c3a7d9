import { describe, expect, it } from "vitest";
import { isConfiguredHost, matchesDomainPattern } from "./hosts.ts";

describe("matchesDomainPattern", () => {
  it.each([
    ["www.google.com", "google.*", true],
    ["google.co.uk", "google.*", true],
    ["www.google.com.au", "google.*", true],
    ["google.de", "google.*", true],
    ["google", "google.*", false],
    ["google.evil.com", "google.*", false],
    ["mygoogle.com", "google.*", false],
    ["t.co", "t.co", true],
    ["www.t.co", "t.co", true],
    ["net.co", "t.co", false],
    ["x.com", "x.com", true],
    ["box.com", "x.com", false],
    ["WWW.Facebook.COM.", "facebook.com", true],
  ])("%s against %s → %s", (host, pattern, expected) => {
    expect(matchesDomainPattern(host, pattern)).toBe(expected);
  });
});

describe("isConfiguredHost", () => {
  it("matches exactly, ignoring case, port and a trailing dot", () => {
    expect(isConfiguredHost("WWW.harbordesk.example.", ["www.harbordesk.example"])).toBe(true);
    expect(isConfiguredHost("localhost", ["localhost:8000"])).toBe(true);
    expect(isConfiguredHost("blog.harbordesk.example", ["harbordesk.example"])).toBe(false);
    expect(isConfiguredHost("", [""])).toBe(false);
  });
});
