import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { createApp } from "../server/app.ts";
import { startServer } from "../server/node.ts";
const app = createApp({ root: resolve(process.env.ROOT ?? "public"), csp: {}, logRequests: false });
const server = await startServer({ app, port: 0, host: "127.0.0.1" });
const path = process.argv[2] ?? "/";
const minMs = Number(process.argv[3] ?? 10);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
const events: any[] = [];
cdp.on("Tracing.dataCollected", (d: any) => events.push(...d.value));
const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,loading", transferMode: "ReportEvents", options: "sampling-frequency=10000" });
await page.goto(`${server.url}${path}`);
await page.waitForTimeout(3000);
await cdp.send("Tracing.end"); await done;
const ourPid = events.find((e) => e.name === "ParseHTML" && String(e.args?.beginData?.url ?? "").startsWith(server.url))?.pid;
const mainTid = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === ourPid)?.tid;
const fcp = events.find((e) => e.name === "firstContentfulPaint");
// CPU profile from trace
const nodes = new Map<number, any>(); const samples: { t: number; id: number }[] = [];
let t = 0;
const prof = events.find((e) => e.name === "Profile" && e.pid === ourPid && e.tid === mainTid) ?? events.find((e) => e.name === "Profile");
for (const e of events) {
  if (e === prof) t = e.args.data.startTime;
  if (e.name === "ProfileChunk" && e.id === prof?.id) {
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((id: number, i: number) => { t += deltas[i]; samples.push({ t, id }); });
  }
}
const name = (n: any) => `${n.callFrame.functionName || "anon"}@${(n.callFrame.url ?? "").replace(/.*\//, "").replace(/-[\w]{8}\.js/, "")}`;
const stackOf = (id: number) => { const s: string[] = []; let n = nodes.get(id); while (n) { s.push(name(n)); n = n.parent ? nodes.get(n.parent) : undefined; } return s; };
{
  const stack: any[] = []; let total = 0; const durs: number[] = [];
  for (const e of events.filter((e) => e.tid === mainTid && e.pid === ourPid && e.name === "ParseHTML").sort((a, b) => a.ts - b.ts)) {
    if (e.ph === "X") { total += e.dur; durs.push(e.dur); }
    if (e.ph === "B") stack.push(e);
    if (e.ph === "E") { const b = stack.pop(); if (b) { total += e.ts - b.ts; durs.push(e.ts - b.ts); } }
  }
  console.log(`ParseHTML total ${(total / 1000).toFixed(1)}ms in ${durs.length} slices: ${durs.map((d) => (d / 1000).toFixed(1)).join(" ")}`);
}
const tasks = events.filter((e) => e.tid === mainTid && e.name === "RunTask" && e.dur >= minMs * 1000 && (!fcp || e.ts >= fcp.ts - 0)).sort((a, b) => a.ts - b.ts);
console.log(`FCP at ${fcp ? ((fcp.ts - tasks[0]?.ts) / 1000).toFixed(0) : "?"}`);
for (const task of tasks) {
  const inner = events.filter((e) => e.tid === mainTid && e.ts >= task.ts && e.ts < task.ts + task.dur && e.ph === "X" && e.name !== "RunTask");
  const by = new Map<string, number>();
  for (const e of inner) if (["ParseHTML","UpdateLayoutTree","Layout","Paint","PrePaint","v8.evaluateModule","FunctionCall","v8.compile","v8.compileModule","MajorGC","MinorGC","EventDispatch","TimerFire","ParseAuthorStyleSheet","Commit","RunMicrotasks","FireAnimationFrame","HitTest"].includes(e.name)) by.set(e.name, (by.get(e.name) ?? 0) + e.dur);
  const inS = samples.filter((s) => s.t >= task.ts && s.t <= task.ts + task.dur);
  const incl = new Map<string, number>();
  for (const s of inS) for (const f of new Set(stackOf(s.id))) incl.set(f, (incl.get(f) ?? 0) + 1);
  console.log(`task ${(task.dur / 1000).toFixed(1)}ms :: ${[...by].sort((a,b)=>b[1]-a[1]).slice(0,5).map(([k,v])=>`${k} ${(v/1000).toFixed(1)}`).join(", ")}`);
  console.log("    " + [...incl].filter(([k]) => !k.startsWith("(root)")).sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k} ${(v / 10).toFixed(1)}`).join(" | "));
}
await browser.close(); await server.close(); process.exit(0);
