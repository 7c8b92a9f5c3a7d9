import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMatchPathStore, findMatchPath, parseMatchPaths } from "./match-paths.ts";

const entries = [
  { path: "/interview-builder/library/", matchPath: "/interview-builder/library/:slug" },
  { path: "/interview-builder/", matchPath: "/interview-builder/*" },
];

describe("findMatchPath", () => {
  it.each([
    ["/interview-builder", "/interview-builder/"],
    ["/interview-builder/", "/interview-builder/"],
    ["/interview-builder/new/step-2", "/interview-builder/"],
    ["/interview-builder/library/sales-rep", "/interview-builder/library/"],
    ["/interview-builder/library/sales-rep/", "/interview-builder/library/"],
  ])("%s → %s", (pathname, owner) => {
    expect(findMatchPath(entries, pathname)?.path).toBe(owner);
  });

  it.each(["/interview-builderx/a", "/blog/x/", "/", "/interview"])("%s matches nothing", (p) => {
    expect(findMatchPath(entries, p)).toBeUndefined();
  });

  it("treats regex characters in a pattern literally", () => {
    const dotted = [{ path: "/a.b/", matchPath: "/a.b/*" }];
    expect(findMatchPath(dotted, "/a.b/x")).toBeDefined();
    expect(findMatchPath(dotted, "/axb/x")).toBeUndefined();
  });
});

describe("parseMatchPaths", () => {
  it("accepts the build's shape", () => {
    expect(parseMatchPaths(entries)).toEqual(entries);
  });

  it.each([{}, [{ path: "/a/" }], [{ path: "a", matchPath: "/a/*" }], [null]])(
    "rejects %j naming the problem",
    (json) => {
      expect(() => parseMatchPaths(json)).toThrow(/match-paths\.json/);
    },
  );
});

describe("createMatchPathStore", () => {
  let dir = "";
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("treats a missing file as no match paths and re-reads a rewritten file", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hd-match-"));
    const file = path.join(dir, "match-paths.json");
    const store = createMatchPathStore(file);
    expect(await store.find("/app/x")).toBeUndefined();

    await writeFile(file, JSON.stringify([{ path: "/app/", matchPath: "/app/*" }]));
    expect((await store.find("/app/x"))?.path).toBe("/app/");

    await writeFile(file, JSON.stringify([{ path: "/tools/", matchPath: "/tools/*" }, {}]));
    await expect(store.find("/tools/x")).rejects.toThrow(/match-paths\.json\[1\]/);

    await writeFile(file, "{ not json");
    await expect(store.find("/tools/x")).rejects.toThrow(/not valid JSON/);
  });
});
