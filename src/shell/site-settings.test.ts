import { describe, expect, it } from "vitest";
import { parseSiteSettings } from "./site-settings.ts";

const valid = {
  productName: "Harbor Desk",
  demoUrl: "/lp/get-a-demo/",
  supportEmail: "help@example.com",
  buyerIntentPaths: ["/inbox/"],
  social: {
    x: "https://x.com/a",
    facebook: "https://f/a",
    linkedin: "https://l/a",
    instagram: "https://i/a",
  },
  attribution: { marketingHosts: ["example.com"], appHosts: ["app.example.com"] },
};

function collect() {
  const messages: string[] = [];
  return { messages, log: (message: string) => void messages.push(message) };
}

describe("parseSiteSettings", () => {
  it("accepts a settings object without logging", () => {
    const { messages, log } = collect();
    expect(parseSiteSettings(valid, log)).toEqual(valid);
    expect(messages).toEqual([]);
  });

  it("accepts the settings as JSON text", () => {
    const { messages, log } = collect();
    expect(parseSiteSettings(JSON.stringify(valid), log)).toEqual(valid);
    expect(messages).toEqual([]);
  });

  it("keeps only the fields it knows", () => {
    expect(parseSiteSettings({ demoUrl: "/d/", extra: 1 }, () => {})).toEqual({ demoUrl: "/d/" });
  });

  it.each([
    ["invalid JSON", "{not json", /not valid JSON/],
    ["null", null, /missing or not an object \(got null\)/],
    ["an array", [valid], /not an object/],
    ["a number", 42, /got number/],
    ["a wrongly typed URL", { ...valid, demoUrl: 5 }, /demoUrl is not a string/],
    ["bad buyer-intent paths", { ...valid, buyerIntentPaths: "/inbox/" }, /buyerIntentPaths/],
    ["incomplete social links", { ...valid, social: { x: "https://x.com/a" } }, /social/],
    ["bad attribution hosts", { ...valid, attribution: { appHosts: "a" } }, /attribution/],
  ])("logs and returns {} for %s", (_label, raw, message) => {
    const { messages, log } = collect();
    expect(parseSiteSettings(raw, log)).toEqual({});
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });
});
