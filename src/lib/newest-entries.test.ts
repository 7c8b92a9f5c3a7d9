import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { keepNewestEntries, temporaryEntryName } from "./newest-entries.ts";

const work = registerTempFolder("hd-newest-entries-");

describe("temporaryEntryName", () => {
  it("names an entry being written: pruning neither counts it nor removes it", async () => {
    const dir = join(work(), "cache");
    mkdirSync(dir);
    writeFileSync(join(dir, "old"), "");
    utimesSync(join(dir, "old"), new Date(1_000), new Date(1_000));
    writeFileSync(join(dir, "new"), "");
    const writing = temporaryEntryName("new");
    writeFileSync(join(dir, writing), "");
    await keepNewestEntries(dir, "", 1);
    expect(readdirSync(dir).sort()).toEqual([writing, "new"].sort());
  });

  it("is different for each write of the same entry", () => {
    expect(temporaryEntryName("state.json")).not.toBe(temporaryEntryName("state.json"));
  });
});
