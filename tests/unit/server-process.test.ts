import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { cpuSeconds, cpuSecondsOfTree } from "../../bench/server-process.ts";

/** CPU the test's grandchild burns before it says so: counted by itself, not by a clock. */
const BURN_SECONDS = 0.4;

/**
 * A parent that starts a child, as the server's primary starts its workers; the child spins
 * until it has used BURN_SECONDS of CPU, prints "burnt" (passed on by the parent) and idles.
 */
const PARENT = `
const { spawn } = require("node:child_process");
const child = spawn(process.execPath, ["-e", ${JSON.stringify(`
  while ((process.cpuUsage().user + process.cpuUsage().system) / 1e6 < ${BURN_SECONDS}) {}
  process.stdout.write("burnt\\n");
  setInterval(() => {}, 1000);
`)}], { stdio: ["ignore", "inherit", "inherit"] });
setInterval(() => {}, 1000);
`;

let parent: ChildProcess | undefined;

afterEach(async () => {
  if (parent && parent.exitCode === null) {
    const exited = once(parent, "exit");
    // The whole group: the grandchild goes with its parent.
    process.kill(-(parent.pid as number), "SIGKILL");
    await exited;
  }
  parent = undefined;
});

describe("cpuSecondsOfTree", () => {
  it("counts the CPU of a process's children with its own", async () => {
    parent = spawn(process.execPath, ["-e", PARENT], {
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    const stdout = parent.stdout;
    if (!stdout) throw new Error("no stdout");
    let output = "";
    for await (const chunk of stdout) {
      output += String(chunk);
      if (output.includes("burnt")) break;
    }
    const own = cpuSeconds(parent.pid) as number;
    const tree = cpuSecondsOfTree(parent.pid) as number;
    // /proc counts in ticks of 1/100 s: the child's burn shows to within one.
    expect(tree - own).toBeGreaterThanOrEqual(BURN_SECONDS - 0.01);
    expect(own).toBeLessThan(BURN_SECONDS);
  });

  it("knows nothing of a process it was not given or that does not exist", () => {
    expect(cpuSecondsOfTree(undefined)).toBeNull();
    // Above Linux's largest pid (2^22): never a process.
    expect(cpuSecondsOfTree(4_194_305)).toBeNull();
  });
});
