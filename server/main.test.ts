/** `node server/main.ts` as a real child process: env config, start line, logging, shutdown. */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixtureRoot, type FixtureRoot } from "./testing/fixture.ts";

const MAIN = path.join(import.meta.dirname, "main.ts");

let fixture: FixtureRoot;
beforeAll(async () => {
  fixture = await createFixtureRoot();
});
afterAll(async () => {
  await fixture?.remove();
});

interface Child {
  process: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exit: Promise<number | null>;
}

function startMain(env: Record<string, string>): Child {
  const child = spawn(process.execPath, [MAIN], {
    // A store of its own per run, so tests never write into the working copy's ./data.
    env: { PATH: process.env.PATH ?? "", DATA_DIR: path.join(fixture.base, "data"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exit,
    async waitFor(pattern) {
      // Start-up opens and migrates the lead store: allow for a busy machine.
      await expect.poll(() => pattern.test(output), { timeout: 30_000 }).toBe(true);
      return output.match(pattern) as RegExpMatchArray;
    },
  };
}

describe("server/main.ts", { timeout: 60_000 }, () => {
  it("serves HD_OUT_DIR on PORT/HOST, logs requests when asked, and exits 0 on SIGTERM", async () => {
    const child = startMain({
      PORT: "0",
      HOST: "127.0.0.1",
      HD_OUT_DIR: fixture.root,
      LOG_REQUESTS: "1",
    });
    try {
      const [, url] = await child.waitFor(/serving .* at (http:\/\/127\.0\.0\.1:\d+)\n/);
      const response = await fetch(`${url}/robots.txt`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("User-agent: *\nAllow: /\n");
      await child.waitFor(/GET \/robots\.txt 200 [\d.]+ms/);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    } finally {
      child.process.kill("SIGTERM");
    }
    expect(await child.exit).toBe(0);
    expect(child.output()).toMatch(/SIGTERM received/);
  });

  it("logs one start line and no per-request lines by default", async () => {
    const child = startMain({ PORT: "0", HOST: "127.0.0.1", HD_OUT_DIR: fixture.root });
    try {
      const [, url] = await child.waitFor(/at (http:\/\/127\.0\.0\.1:\d+)\n/);
      await fetch(`${url}/`);
      await fetch(`${url}/nope`);
    } finally {
      child.process.kill("SIGINT");
    }
    expect(await child.exit).toBe(0);
    // Structured JSON lines come from the lead API and the delivery worker (start-up only here).
    const all = child.output().trim().split("\n");
    const structured = all.filter((line) => line.startsWith("{"));
    expect(structured.map((line) => JSON.parse(line).event)).not.toContain("lead.stored");
    expect(structured.join("\n")).not.toMatch(/"GET|\/nope/);
    const lines = all.filter((line) => !line.startsWith("{"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Harbor Desk site: serving /);
    expect(lines[1]).toBe("SIGINT received, closing");
  });

  it("warns when the build folder is missing but still starts", async () => {
    const child = startMain({
      PORT: "0",
      HOST: "127.0.0.1",
      HD_OUT_DIR: path.join(fixture.base, "not-built-yet"),
    });
    try {
      await child.waitFor(/folder missing: run the build first/);
    } finally {
      child.process.kill("SIGTERM");
    }
    expect(await child.exit).toBe(0);
  });

  it("exits 1 with a clear message on a bad PORT", async () => {
    const child = startMain({ PORT: "eighty", HD_OUT_DIR: fixture.root });
    expect(await child.exit).toBe(1);
    expect(child.output()).toMatch(/PORT must be an integer/);
  });
});
