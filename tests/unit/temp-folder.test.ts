import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder, tempFolder } from "./temp-folder.ts";

describe("registerTempFolder, each", () => {
  const work = registerTempFolder("hd-temp-each-");
  const seen: string[] = [];
  const whenCollected = attempt(work);

  it("hands out nothing before its hook has run", () => {
    expect(whenCollected).toMatch(/used outside a test or its hooks/);
  });

  it("hands each test a folder of its own", () => {
    writeFileSync(join(work(), "file"), "x");
    seen.push(work());
    expect(existsSync(work())).toBe(true);
  });

  it("and removes it, with its files, once the test is over", () => {
    expect(work()).not.toBe(seen[0]);
    expect(existsSync(seen[0] as string)).toBe(false);
  });
});

describe("registerTempFolder, all", () => {
  const work = registerTempFolder("hd-temp-all-", "all");
  const seen: string[] = [];

  it("shares one folder between the tests of the block", () => seen.push(work()));
  it("the same one", () => expect(work()).toBe(seen[0]));
});

describe("tempFolder", () => {
  let made = "";
  it("makes a folder inside a test", () => {
    made = tempFolder("hd-temp-one-");
    expect(existsSync(made)).toBe(true);
  });
  it("which is gone once that test has finished", () => {
    expect(made).not.toBe("");
    expect(existsSync(made)).toBe(false);
  });
});

function attempt(getter: () => string): string {
  try {
    return getter();
  } catch (error) {
    return String(error);
  }
}
