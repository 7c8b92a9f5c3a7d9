import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CpuProfile,
  frameLabel,
  summarizeProfile,
  timeKindOf,
} from "../../bench/cpu-profile-summary.ts";

const frame = (functionName: string, url = "", lineNumber = -1) => ({
  functionName,
  url,
  lineNumber,
});

/**
 * root → render (project) → renderElement (React) → render again (recursion), and root →
 * writeFileUtf8, root → (garbage collector). Samples every 1 ms from t = 10 ms.
 */
function syntheticProfile(): CpuProfile {
  const nodes = [
    { id: 1, callFrame: frame("(root)"), children: [2, 5, 6] },
    { id: 2, callFrame: frame("render", "file:///site/src/build/render.ts", 9), children: [3] },
    {
      id: 3,
      callFrame: frame("renderElement", "file:///site/node_modules/react-dom/cjs/server.js", 99),
      children: [4],
    },
    { id: 4, callFrame: frame("render", "file:///site/src/build/render.ts", 9), children: [] },
    { id: 5, callFrame: frame("writeFileUtf8"), children: [] },
    { id: 6, callFrame: frame("(garbage collector)"), children: [] },
  ];
  //            t: 10  11  12  13  14  15  16  17 (ms after start)
  const samples = [2, 2, 3, 4, 4, 5, 6, 2];
  return {
    nodes,
    startTime: 1_000_000,
    endTime: 1_000_000 + 20_000,
    samples,
    timeDeltas: [10_000, ...samples.slice(1).map(() => 1_000)],
  };
}

describe("summarizeProfile", () => {
  it("gives each sample the time until the next one, by own time, kind and time on the stack", () => {
    const summary = summarizeProfile(syntheticProfile());
    // Eight samples, the last with no next one: 7 ms.
    expect(summary.sampledMs).toBe(7);
    expect(summary.spanMs).toBe(20);
    expect(summary.self).toEqual([
      { label: "render build/render.ts:10", ms: 4 },
      // Ties in name order.
      { label: "(garbage collector)", ms: 1 },
      { label: "renderElement cjs/server.js:100", ms: 1 },
      { label: "writeFileUtf8", ms: 1 },
    ]);
    expect(summary.byKind["project code"]).toBe(4);
    expect(summary.byKind.React).toBe(1);
    expect(summary.byKind["file system"]).toBe(1);
    expect(summary.byKind["garbage collection"]).toBe(1);
    // render is on the stack twice in samples 4-5 (recursion): counted once each.
    expect(summary.inclusive.find((row) => row.label.startsWith("render "))?.ms).toBe(5);
    expect(summary.inclusive.find((row) => row.label === "(root)")?.ms).toBe(7);
  });

  it("keeps only the samples of a window", () => {
    const summary = summarizeProfile(syntheticProfile(), { from: 0.0125, to: 0.0155 });
    // Samples at 13, 14 and 15 ms.
    expect(summary.sampledMs).toBe(3);
    expect(summary.self.map((row) => row.label)).toEqual([
      "render build/render.ts:10",
      "writeFileUtf8",
    ]);
  });

  it("tells when a named function first and last ran, and which never did", () => {
    const summary = summarizeProfile(syntheticProfile(), {
      spans: ["renderElement", "render", "loadContent"],
    });
    expect(summary.spans).toEqual([
      { name: "renderElement", first: 0.012, last: 0.014, ms: 3 },
      { name: "render", first: 0.01, last: 0.017, ms: 5 },
      null,
    ]);
  });
});

describe("timeKindOf and frameLabel", () => {
  it("sorts frames into kinds", () => {
    expect(timeKindOf(frame("mkdir"))).toBe("file system");
    expect(timeKindOf(frame("(idle)"))).toBe("idle");
    expect(timeKindOf(frame("(program)"))).toBe("V8 (program)");
    expect(timeKindOf(frame("RegExp: [a-z]+"))).toBe("regular expressions");
    expect(timeKindOf(frame("parse"))).toBe("other native");
    expect(timeKindOf(frame("postMessage", "node:internal/worker"))).toBe("Node internals");
    expect(timeKindOf(frame("lex", "file:///x/node_modules/marked/lib/marked.esm.js"))).toBe(
      "other dependencies",
    );
    expect(timeKindOf(frame("pushAttribute", "file:///x/node_modules/react-dom/a.js"))).toBe(
      "React",
    );
    expect(timeKindOf(frame("assemblePage", "file:///x/src/build/render-route.ts"))).toBe(
      "project code",
    );
  });

  it("names a function by its script's last two path parts and its 1-based line", () => {
    expect(frameLabel(frame("", "file:///a/b/c/d.ts", 4))).toBe("(anonymous) c/d.ts:5");
    expect(frameLabel(frame("mkdir"))).toBe("mkdir");
  });
});

describe("a real profile of this Node", () => {
  const dir = mkdtempSync(join(tmpdir(), "hd-cpu-profile-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds the busy function and the file writes in what --cpu-prof wrote", () => {
    // A script that spends its time in one named function, then writing files.
    const script = join(dir, "busy.mjs");
    writeFileSync(
      script,
      `import { writeFileSync } from "node:fs";
       function spinForTheProfile() {
         let total = 0;
         for (let i = 0; i < 150_000_000; i += 1) total = (total + i * 7) % 1_000_003;
         return total;
       }
       spinForTheProfile();
       for (let i = 0; i < 300; i += 1) writeFileSync(${JSON.stringify(join(dir, "out"))} + i, "x".repeat(20000));
      `,
    );
    const profiles = join(dir, "profiles");
    const run = spawnSync(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profiles}`, script], {
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const [file] = readdirSync(profiles);
    const profile = JSON.parse(readFileSync(join(profiles, file as string), "utf8")) as CpuProfile;
    const summary = summarizeProfile(profile, { spans: ["spinForTheProfile"] });
    expect(summary.self[0]?.label).toMatch(/^spinForTheProfile \S*busy\.mjs:2$/);
    expect(summary.byKind["file system"]).toBeGreaterThan(0);
    expect(summary.spans[0]?.ms).toBeGreaterThan(0);
  });
});
