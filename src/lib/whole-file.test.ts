import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileWhole } from "./whole-file.ts";

let work: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), "hd-whole-file-"));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("writeFileWhole", () => {
  it("makes the folder, replaces the file and leaves no temporary beside it", async () => {
    const file = join(work, "cache", "state.json");
    await writeFileWhole(file, "first");
    await writeFileWhole(file, "second");
    expect(readFileSync(file, "utf8")).toBe("second");
    expect(readdirSync(join(work, "cache"))).toEqual(["state.json"]);
  });

  it("fails without leaving its temporary behind, and the old file as it was", async () => {
    const dir = join(work, "cache");
    // A folder where the file should go: the rename into it fails.
    mkdirSync(join(dir, "state.json"), { recursive: true });
    writeFileSync(join(dir, "state.json", "inside"), "kept");
    await expect(writeFileWhole(join(dir, "state.json"), "new")).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(["state.json"]);
    expect(readFileSync(join(dir, "state.json", "inside"), "utf8")).toBe("kept");
  });
});
