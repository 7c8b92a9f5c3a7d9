import { describe, expect, it } from "vitest";
import { isPlainAnchorUrl } from "./link-kind.ts";

describe("isPlainAnchorUrl", () => {
  it("is true for URLs containing //, schemes and hashes", () => {
    expect(isPlainAnchorUrl("https://status.example/")).toBe(true);
    expect(isPlainAnchorUrl("//cdn.example/x")).toBe(true);
    expect(isPlainAnchorUrl("mailto:help@example.com")).toBe(true);
    expect(isPlainAnchorUrl("#contact-us")).toBe(true);
  });

  it("is false for site paths", () => {
    expect(isPlainAnchorUrl("/pricing/")).toBe(false);
    expect(isPlainAnchorUrl("/blog/?tag=a:b")).toBe(false);
  });
});
