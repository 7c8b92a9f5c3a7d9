/**
 * `npm run bench:trace -- /pricing/`: where a page's main thread goes while it loads. Records a
 * Chromium performance trace with JavaScript sampling (no throttling: Lighthouse's simulation
 * multiplies these durations by four), then prints a rough total blocking time (each task after
 * the first paint taken four times slower), the HTML parse slices and every task of at least
 * `--min-ms` on the page's main thread: its trace events by time and the functions most
 * often on the sampled stacks. Build with `HD_NO_MINIFY=1 npm run build` first to read real
 * function names instead of minified ones.
 *
 * Options: `--min-ms 12` (12 ms unthrottled is about a 50 ms long task in Lighthouse), `--runs 1`,
 * `--out public`. One run on a busy 2-core machine mixes in other work: compare several.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { createApp } from "../server/app.ts";
import { startServer } from "../server/node.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: "string", default: process.env.HD_OUT_DIR ?? "public" },
    "min-ms": { type: "string", default: "12" },
    runs: { type: "string", default: "1" },
    chrome: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});
const root = resolve(values.out);
if (!existsSync(resolve(root, "index.html"))) {
  console.error(`No build in ${root}: run \`npm run build\` first.`);
  process.exit(1);
}
const minMs = Number(values["min-ms"]);
const runs = Number(values.runs);
const paths = positionals.length > 0 ? positionals : ["/"];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & {
    name?: string;
    beginData?: { url?: string };
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string };
}

/** Trace events worth naming inside a task, summed by name. */
const NAMED = new Set([
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Commit",
  "v8.compileModule",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "RunMicrotasks",
  "MinorGC",
  "MajorGC",
]);
const ms = (microseconds: number) => (microseconds / 1000).toFixed(1);

/** Complete events plus begin/end pairs, as [name, start, duration] on one thread. */
function spans(events: TraceEvent[]): Array<{ name: string; ts: number; dur: number }> {
  const out: Array<{ name: string; ts: number; dur: number }> = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === "X") out.push({ name: event.name, ts: event.ts, dur: event.dur ?? 0 });
    else if (event.ph === "B") open.set(event.name, [...(open.get(event.name) ?? []), event]);
    else if (event.ph === "E") {
      const begin = open.get(event.name)?.pop();
      if (begin) out.push({ name: event.name, ts: begin.ts, dur: event.ts - begin.ts });
    }
  }
  return out;
}

function report(events: TraceEvent[], origin: string): void {
  const pid = events.find(
    (event) => event.name === "ParseHTML" && event.args?.beginData?.url?.startsWith(origin),
  )?.pid;
  const tid = events.find(
    (event) =>
      event.pid === pid && event.name === "thread_name" && event.args?.name === "CrRendererMain",
  )?.tid;
  const main = spans(events.filter((event) => event.pid === pid && event.tid === tid));

  // The sampled JavaScript stacks, from the profile chunks of that thread.
  const profile = events.find(
    (event) => event.name === "Profile" && event.pid === pid && event.tid === tid,
  );
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; node: number }> = [];
  let clock = profile?.args?.data?.startTime ?? 0;
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid || event.id !== profile?.id) continue;
    for (const node of event.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = event.args?.data?.timeDeltas ?? [];
    (event.args?.data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  const frameName = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonymous)"}@${(node.callFrame.url ?? "").replace(/.*\//, "") || "native"}`;
  const stack = (id: number) => {
    const names = new Set<string>();
    for (let node = nodes.get(id); node; node = node.parent ? nodes.get(node.parent) : undefined) {
      names.add(frameName(node));
    }
    return names;
  };

  const parse = main.filter((span) => span.name === "ParseHTML");
  console.log(
    `  HTML parse ${ms(parse.reduce((sum, span) => sum + span.dur, 0))} ms in slices of ${parse.map((span) => ms(span.dur)).join(", ")}`,
  );
  // Lighthouse's estimate, roughly: each task after the first contentful paint, four times
  // slower, blocks for what it lasts beyond 50 ms.
  const fcp = events.find((event) => event.pid === pid && event.name === "firstContentfulPaint");
  const blocking = main
    .filter((span) => span.name === "RunTask" && fcp !== undefined && span.ts >= fcp.ts)
    .reduce((sum, span) => sum + Math.max(0, (4 * span.dur) / 1000 - 50), 0);
  console.log(`  blocking time at 4× after first paint (a rough TBT): ${Math.round(blocking)} ms`);
  const tasks = main.filter((span) => span.name === "RunTask" && span.dur >= minMs * 1000);
  for (const task of tasks) {
    const inside = main.filter(
      (span) => span.ts >= task.ts && span.ts < task.ts + task.dur && NAMED.has(span.name),
    );
    const byName = new Map<string, number>();
    for (const span of inside) byName.set(span.name, (byName.get(span.name) ?? 0) + span.dur);
    // Nothing known inside: name whatever the trace has, the longest first.
    if (byName.size === 0) {
      for (const span of main) {
        if (span.ts < task.ts || span.ts >= task.ts + task.dur || span.name === "RunTask") continue;
        byName.set(span.name, (byName.get(span.name) ?? 0) + span.dur);
      }
    }
    const counts = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
    for (const sample of inTask) {
      for (const name of stack(sample.node)) {
        if (!name.startsWith("(root)")) counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    const events = [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, dur]) => `${name} ${ms(dur)}`)
      .join(", ");
    const functions = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, count]) => `${name} ${Math.round((100 * count) / inTask.length)}%`)
      .join(" · ");
    console.log(`  task ${ms(task.dur)} ms: ${events || "(no named events)"}`);
    if (functions) console.log(`      ${functions}`);
  }
}

const app = createApp({ root, csp: {}, logRequests: false });
const server = await startServer({ app, port: 0, host: "127.0.0.1" });
const browser = await chromium.launch({
  executablePath: values.chrome,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const path of paths) {
    for (let run = 1; run <= runs; run += 1) {
      // Lighthouse's mobile viewport, a fresh context (empty cache) per run.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on("Tracing.dataCollected", (data) =>
        events.push(...(data.value as unknown as TraceEvent[])),
      );
      const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
      await cdp.send("Tracing.start", {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "disabled-by-default-v8.cpu_profiler",
          "loading",
        ].join(","),
        transferMode: "ReportEvents",
      });
      await page.goto(new URL(path, server.url).href);
      // Hydration, the deferred chunks and the idle work all land within this.
      await page.waitForTimeout(3000);
      await cdp.send("Tracing.end");
      await complete;
      console.log(`${path} (run ${run}): main-thread tasks of ${minMs} ms or more, unthrottled`);
      report(events, server.url);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
