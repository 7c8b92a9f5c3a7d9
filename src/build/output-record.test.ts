import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import {
  type OutputRecord,
  outputRecordFile,
  outputRecordOf,
  outputRecordStore,
  routeFiles,
  staleOutputFiles,
} from "./output-record.ts";

const OUT = "/site/public";
const record = (routes: string[], written: string[]) =>
  outputRecordOf(
    OUT,
    "code-1",
    routes,
    written.map((file) => join(OUT, file)),
    "search",
  );

describe("outputRecordOf", () => {
  it("knows routes by their paths, and keeps other files, but not the search index's", () => {
    const made = record(
      ["/", "/blog/a/", "/404.html"],
      [
        "blog/a/index.html",
        "page-data/blog/a/page-data.json",
        "page-data/sq/d/123.json",
        "sitemap.xml",
        "search/p/0.abc.json",
        "search/index.json",
      ],
    );
    expect(made.routes).toEqual(["/", "/blog/a/", "/404.html"]);
    expect(made.files).toEqual(["page-data/sq/d/123.json", "sitemap.xml"]);
    expect(made.entries).toEqual([
      "404.html",
      "blog",
      "index.html",
      "page-data",
      "search",
      "sitemap.xml",
    ]);
  });

  it("leaves out what lies outside the output folder, which it must never delete", () => {
    const made = outputRecordOf(
      OUT,
      "code-1",
      [],
      ["/site/other/x.json", `${OUT}/robots.txt`],
      "search",
    );
    expect(made.files).toEqual(["robots.txt"]);
    expect(made.entries).toEqual(["robots.txt"]);
  });

  it("gives each route the two files the protocol names", () => {
    expect(routeFiles("/blog/a/")).toEqual([
      "blog/a/index.html",
      "page-data/blog/a/page-data.json",
    ]);
    expect(routeFiles("/404.html")).toEqual(["404.html", "page-data/404.html/page-data.json"]);
  });
});

describe("staleOutputFiles", () => {
  it("names the files of routes that are gone and of files no longer written", () => {
    const before = record(["/", "/blog/a/", "/blog/b/"], ["page-data/sq/d/1.json", "sitemap.xml"]);
    const after = record(["/", "/blog/b/", "/blog/c/"], ["page-data/sq/d/2.json", "sitemap.xml"]);
    expect(
      staleOutputFiles(before, after, new Set(["blog", "page-data", "sitemap.xml"])).sort(),
    ).toEqual(["blog/a/index.html", "page-data/blog/a/page-data.json", "page-data/sq/d/1.json"]);
  });

  it("names nothing in an entry that was not kept in place", () => {
    const before = record(["/", "/blog/a/"], ["page-data/sq/d/1.json"]);
    const after = record(["/"], []);
    expect(staleOutputFiles(before, after, new Set(["page-data"])).sort()).toEqual([
      "page-data/blog/a/page-data.json",
      "page-data/sq/d/1.json",
    ]);
  });

  it("never names a file this build wrote, whichever list the last build had it in", () => {
    // The last build wrote /x/ as a route; this one writes the same file as a plain file.
    const before = record(["/x/"], []);
    const after = record([], ["x/index.html", "page-data/x/page-data.json"]);
    expect(staleOutputFiles(before, after, new Set(["x", "page-data"]))).toEqual([]);
  });
});

describe("outputRecordStore", () => {
  const work = registerTempFolder("hd-output-record-");
  const made: OutputRecord = { code: "code-1", routes: ["/"], files: [], entries: ["index.html"] };

  it("is kept beside the output folder, not in it", () => {
    expect(outputRecordFile("/site/public")).toBe("/site/.public.output.json");
  });

  it("answers the record only to the code that wrote it, and nothing once forgotten", async () => {
    const store = outputRecordStore(join(work(), "public"));
    expect(store.read("code-1")).toBeNull();
    await store.save(made);
    expect(store.read("code-1")).toEqual(made);
    expect(store.read("code-2")).toBeNull();
    store.forget();
    expect(store.read("code-1")).toBeNull();
  });

  it("answers nothing for a record that is not one", () => {
    const out = join(work(), "public");
    const store = outputRecordStore(out);
    for (const text of [
      "{",
      "null",
      JSON.stringify({ ...made, routes: "/" }),
      JSON.stringify({ ...made, files: ["../outside.txt"] }),
      JSON.stringify({ ...made, files: ["/etc/hosts"] }),
      JSON.stringify({ ...made, routes: ["/../../x/"] }),
    ]) {
      writeFileSync(outputRecordFile(out), text);
      expect(store.read("code-1"), text).toBeNull();
    }
  });
});
