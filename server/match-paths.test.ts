import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../tests/unit/temp-folder.ts";
import { createMatchPathStore } from "./match-paths.ts";

describe("createMatchPathStore", () => {
  it("treats a missing file as no match paths and re-reads a rewritten file", async () => {
    const dir = tempFolder("hd-match-");
    const file = path.join(dir, "match-paths.json");
    const store = createMatchPathStore(file);
    expect(await store.find("/app/x")).toBeUndefined();

    await writeFile(file, JSON.stringify([{ path: "/app/", matchPath: "/app/*" }]));
    expect((await store.find("/app/x"))?.path).toBe("/app/");

    await writeFile(file, JSON.stringify([{ path: "/tools/", matchPath: "/tools/*" }, {}]));
    await expect(store.find("/tools/x")).rejects.toThrow(/match-paths\.json\[1\]/);

    // Written in the "wrong" order: the store still answers the best-ranked page.
    await writeFile(
      file,
      JSON.stringify([
        { path: "/tools/", matchPath: "/tools/*" },
        { path: "/tools/roi/", matchPath: "/tools/roi" },
      ]),
    );
    expect((await store.find("/tools/roi"))?.path).toBe("/tools/roi/");
    expect((await store.find("/tools/other"))?.path).toBe("/tools/");

    await writeFile(file, "{ not json");
    await expect(store.find("/tools/x")).rejects.toThrow(/not valid JSON/);
  });
});
