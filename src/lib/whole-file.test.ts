import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { writeFileWhole } from "./whole-file.ts";

const work = registerTempFolder("hd-whole-file-");

describe("writeFileWhole", () => {
  it("makes the folder, replaces the file and leaves no temporary beside it", async () => {
    const file = join(work(), "cache", "state.json");
    await writeFileWhole(file, "first");
    await writeFileWhole(file, "second");
    expect(readFileSync(file, "utf8")).toBe("second");
    expect(readdirSync(join(work(), "cache"))).toEqual(["state.json"]);
  });

  it("fails without leaving its temporary behind, and the old file as it was", async () => {
    const dir = join(work(), "cache");
    // A folder where the file should go: the rename into it fails.
    mkdirSync(join(dir, "state.json"), { recursive: true });
    writeFileSync(join(dir, "state.json", "inside"), "kept");
    await expect(writeFileWhole(join(dir, "state.json"), "new")).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(["state.json"]);
    expect(readFileSync(join(dir, "state.json", "inside"), "utf8")).toBe("kept");
  });
});
