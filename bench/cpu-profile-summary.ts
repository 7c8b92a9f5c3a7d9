/**
 * What a V8 CPU profile (`node --cpu-prof`, one `.cpuprofile` per thread) says of where a
 * thread's time went: the time sampled, split into kinds (file system, garbage collection,
 * React, the project's code…), the functions with the most time of their own, the ones most
 * often on the stack, and when named functions first and last ran. Pure: bench/cpu-profile.ts
 * reads the files and prints this.
 */

/** The parts of the `.cpuprofile` format (Chrome DevTools protocol `Profiler.Profile`) read here. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  /** Microseconds, on a clock shared by the threads of one process. */
  startTime: number;
  endTime: number;
  /** The node on top of the stack at each sample. */
  samples: number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  timeDeltas: number[];
}

/**
 * Kinds of time, in the order printed. Native functions of Node's `fs` binding count as the
 * file system; V8's own pseudo-frames as themselves.
 */
export const TIME_KINDS = [
  "file system",
  "garbage collection",
  "React",
  "project code",
  "other dependencies",
  "Node internals",
  "regular expressions",
  "other native",
  "V8 (program)",
  "idle",
] as const;
export type TimeKind = (typeof TIME_KINDS)[number];

/** Native functions of Node's fs binding, as a profile names them (no script, no line). */
const FILE_SYSTEM_BINDINGS = new Set([
  "access",
  "chmod",
  "close",
  "copyFile",
  "cpSyncCopyDir",
  "existsSync",
  "fstat",
  "ftruncate",
  "link",
  "lstat",
  "mkdir",
  "open",
  "read",
  "readdir",
  "readFileUtf8",
  "rename",
  "rmdir",
  "rmSync",
  "stat",
  "statfs",
  "symlink",
  "unlink",
  "utimes",
  "writeBuffer",
  "writeBuffers",
  "writeFileUtf8",
  "writeString",
]);

/** The kind of time a frame's own samples count as. */
export function timeKindOf(frame: { functionName: string; url: string }): TimeKind {
  const { functionName, url } = frame;
  if (url === "") {
    if (functionName === "(idle)") return "idle";
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(program)") return "V8 (program)";
    if (FILE_SYSTEM_BINDINGS.has(functionName)) return "file system";
    if (functionName.startsWith("RegExp:")) return "regular expressions";
    return "other native";
  }
  if (url.startsWith("node:")) return "Node internals";
  if (/[/\\]node_modules[/\\](?:react|react-dom)[/\\]/.test(url)) return "React";
  if (/[/\\]node_modules[/\\]/.test(url)) return "other dependencies";
  return "project code";
}

/** A function as rows name it: its name, the last two parts of its script's path, its line. */
export function frameLabel(frame: { functionName: string; url: string; lineNumber: number }) {
  const file = frame.url.split(/[/\\]/).slice(-2).join("/");
  const name = frame.functionName || "(anonymous)";
  return file === "" ? name : `${name} ${file}:${frame.lineNumber + 1}`;
}

export interface ProfileRow {
  label: string;
  ms: number;
}

export interface FunctionSpan {
  name: string;
  /** Seconds from the profile's start to the first and the last sample with it on the stack. */
  first: number;
  last: number;
  /** Time of the samples with it on the stack. */
  ms: number;
}

export interface ProfileSummary {
  /** The profile's length, start to end. */
  spanMs: number;
  /** Time of the samples read (inside the window when one is given). */
  sampledMs: number;
  byKind: Record<TimeKind, number>;
  /** Functions by their own time, most first. */
  self: ProfileRow[];
  /** Functions by the time of the samples they were on the stack in, most first. */
  inclusive: ProfileRow[];
  /** The functions asked for by name (`spans`), in that order; null when never on the stack. */
  spans: (FunctionSpan | null)[];
}

/** A node as its samples count: its own label and kind, and every function on its stack once. */
interface NodeStack {
  label: string;
  kind: TimeKind;
  labels: Set<string>;
  names: Set<string>;
}

export interface SummaryOptions {
  /** Only samples from this many seconds after the profile's start… */
  from?: number;
  /** …up to this many. */
  to?: number;
  /** Functions (by name) whose first and last samples to report. */
  spans?: readonly string[];
}

/**
 * Sums a profile. A sample counts for the time until the next one (the last sample, for none),
 * as DevTools counts it; a function on the stack twice (recursion) counts once per sample.
 */
export function summarizeProfile(
  profile: CpuProfile,
  options: SummaryOptions = {},
): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);

  const from = profile.startTime + (options.from ?? Number.NEGATIVE_INFINITY) * 1e6;
  const to = profile.startTime + (options.to ?? Number.POSITIVE_INFINITY) * 1e6;
  const spanNames = options.spans ?? [];
  const spans = new Map<string, FunctionSpan>();
  const byKind = Object.fromEntries(TIME_KINDS.map((kind) => [kind, 0])) as Record<
    TimeKind,
    number
  >;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let sampledMs = 0;

  // What a sample on top of a node counts for, worked out once per node: thousands of samples
  // share a few hundred nodes.
  const stacks = new Map<number, NodeStack>();
  const stackOf = (top: CpuProfile["nodes"][number]): NodeStack => {
    let stack = stacks.get(top.id);
    if (!stack) {
      stack = {
        label: frameLabel(top.callFrame),
        kind: timeKindOf(top.callFrame),
        labels: new Set(),
        names: new Set(),
      };
      for (let id: number | undefined = top.id; id !== undefined; id = parentOf.get(id)) {
        const frame = (nodes.get(id) as CpuProfile["nodes"][number]).callFrame;
        stack.labels.add(frameLabel(frame));
        stack.names.add(frame.functionName);
      }
      stacks.set(top.id, stack);
    }
    return stack;
  };

  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    time += profile.timeDeltas[index] ?? 0;
    if (time < from || time > to) continue;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const top = nodes.get(profile.samples[index] as number);
    if (!top) continue;
    const { label, kind, labels: onStack, names: namesOnStack } = stackOf(top);
    sampledMs += ms;
    byKind[kind] += ms;
    self.set(label, (self.get(label) ?? 0) + ms);
    for (const each of onStack) inclusive.set(each, (inclusive.get(each) ?? 0) + ms);
    for (const name of spanNames) {
      if (!namesOnStack.has(name)) continue;
      const at = (time - profile.startTime) / 1e6;
      const span = spans.get(name) ?? { name, first: at, last: at, ms: 0 };
      span.last = at;
      span.ms += ms;
      spans.set(name, span);
    }
  }

  const rows = (totals: Map<string, number>) =>
    [...totals]
      .map(([label, ms]) => ({ label, ms }))
      .sort((a, b) => b.ms - a.ms || a.label.localeCompare(b.label));
  return {
    spanMs: (profile.endTime - profile.startTime) / 1000,
    sampledMs,
    byKind,
    self: rows(self),
    inclusive: rows(inclusive),
    spans: spanNames.map((name) => spans.get(name) ?? null),
  };
}
