/**
 * The real server (`node server/main.ts`) in a process of its own, for benchmarks that drive it
 * from this process: a load generator sharing the server's event loop would measure itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { childPids } from "../server/testing/processes.ts";

const MAIN = path.resolve(import.meta.dirname, "../server/main.ts");

/**
 * Starts the server on a free loopback port; resolves once it says where it listens (every
 * process of a cluster, with WEB_CONCURRENCY in env).
 */
export function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const processes = Number(env.WEB_CONCURRENCY ?? 1);
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? "", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      const listening = output.match(/serving .* at http/g)?.length ?? 0;
      if (match && listening >= processes) {
        child.stdout?.off("data", onData);
        // Keep draining the JSON log lines so the pipe never blocks the server.
        child.stdout?.resume();
        resolve({ child, url: match[1] as string });
      }
    };
    child.stdout?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

/** Stops the server and waits for it to exit. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

/** User + system CPU seconds of a process, from /proc (Linux; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * User + system CPU seconds of a process and its children (a cluster's workers), or null where
 * /proc is missing. A child that exits between two readings drops out of the later one.
 */
export function cpuSecondsOfTree(pid: number | undefined): number | null {
  return sumOverTree(pid, cpuSeconds);
}

/**
 * The peak resident memory of a process and its children (a cluster's workers) in MB: the sum
 * of each one's peak, so at most what they held together. Null where /proc is missing.
 */
export function peakRssMbOfTree(pid: number | undefined): number | null {
  return sumOverTree(pid, peakRssMb);
}

/** A figure of a process plus the same of each of its children; null when the process has none. */
function sumOverTree(
  pid: number | undefined,
  figureOf: (pid: number) => number | null,
): number | null {
  if (pid === undefined) return null;
  let total = figureOf(pid);
  if (total === null) return null;
  for (const child of childPids(pid)) total += figureOf(child) ?? 0;
  return total;
}

/** A process's peak resident memory so far in MB (Linux's VmHWM), or null elsewhere. */
export function peakRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}
