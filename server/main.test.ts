/** `node server/main.ts` as a real child process: env config, start line, logging, shutdown. */
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixtureRoot, type FixtureRoot } from "./testing/fixture.ts";
import { childPids } from "./testing/processes.ts";

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
  /** Waits until `count` server processes have printed their start line; the URL they share. */
  waitForListening(count: number): Promise<string>;
  exit: Promise<number | null>;
}

/** The server on a free loopback port, serving the fixture build; `env` adds or overrides. */
function startLocal(env: Record<string, string> = {}): Child {
  return startMain({ PORT: "0", HOST: "127.0.0.1", HD_OUT_DIR: fixture.root, ...env });
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
    async waitForListening(count) {
      await expect
        .poll(() => output.match(/serving .* at/g)?.length ?? 0, { timeout: 30_000 })
        .toBe(count);
      return (
        output.match(/serving .* at (http:\/\/127\.0\.0\.1:\d+)\n/) as RegExpMatchArray
      )[1] as string;
    },
  };
}

/** Each call on a connection of its own, so a cluster hands consecutive calls to other workers. */
function freshConnection(url: string, method = "GET", body = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { method, agent: false, headers: { "content-type": "application/json" } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    call.on("error", reject);
    call.end(body);
  });
}

describe("server/main.ts", { timeout: 60_000 }, () => {
  it("serves HD_OUT_DIR on PORT/HOST, logs requests when asked, and exits 0 on SIGTERM", async () => {
    const child = startLocal({
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
    const child = startLocal();
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
    const child = startLocal({
      HD_OUT_DIR: path.join(fixture.base, "not-built-yet"),
    });
    try {
      await child.waitFor(/folder missing: run the build first/);
    } finally {
      child.process.kill("SIGTERM");
    }
    expect(await child.exit).toBe(0);
  });

  it.runIf(process.platform === "linux")(
    "WEB_CONCURRENCY=2: two processes share the port, a killed one is replaced, SIGTERM stops all",
    async () => {
      const child = startLocal({
        WEB_CONCURRENCY: "2",
      });
      const primary = child.process.pid as number;
      try {
        await child.waitFor(/2 server processes share the port/);
        const url = await child.waitForListening(2);
        const workers = childPids(primary);
        expect(workers).toHaveLength(2);
        for (let i = 0; i < 4; i++) expect(await freshConnection(`${url}/robots.txt`)).toBe(200);

        process.kill(workers[0] as number, "SIGKILL");
        await child.waitFor(/Server process \d exited \(SIGKILL\); starting another/);
        await child.waitForListening(3);
        expect(childPids(primary)).toHaveLength(2);
        expect(childPids(primary)).not.toContain(workers[0]);
        for (let i = 0; i < 4; i++) expect(await freshConnection(`${url}/robots.txt`)).toBe(200);
      } finally {
        child.process.kill("SIGTERM");
      }
      expect(await child.exit).toBe(0);
      expect(child.output()).toMatch(/SIGTERM received, closing 2 server processes/);
    },
  );

  it.runIf(process.platform === "linux")(
    "WEB_CONCURRENCY=2 without Redis: a visitor's budget is one, whichever process answers",
    async () => {
      const child = startLocal({
        WEB_CONCURRENCY: "2",
        RATE_LIMIT_PER_MINUTE: "2",
      });
      try {
        const url = await child.waitForListening(2);
        // Round-robin: calls 1 and 3 reach one process, call 2 the other. Kept per process, the
        // third call would be that process's second and pass.
        const upload = () =>
          freshConnection(`${url}/api/hubspot/uploadFile`, "POST", '{"file":"not-a-data-url"}');
        expect(await upload()).toBe(400);
        expect(await upload()).toBe(400);
        expect(await upload()).toBe(429);
      } finally {
        child.process.kill("SIGTERM");
      }
      expect(await child.exit).toBe(0);
    },
  );

  it.runIf(process.platform === "linux")(
    "WEB_CONCURRENCY=2: processes that keep failing stop the server with exit 1",
    async () => {
      // A file where the store's folder should be: every worker fails as it opens the store.
      const child = startLocal({
        WEB_CONCURRENCY: "2",
        DATA_DIR: path.join(fixture.root, "robots.txt"),
      });
      expect(await child.exit).toBe(1);
      expect(child.output()).toMatch(/failed 5 times within a minute, so the server stops/);
      expect(child.output()).toMatch(/A server process keeps failing, closing \d server processes/);
    },
  );

  it("exits 1 with a clear message on a bad PORT", async () => {
    const child = startMain({ PORT: "eighty", HD_OUT_DIR: fixture.root });
    expect(await child.exit).toBe(1);
    expect(child.output()).toMatch(/PORT must be an integer/);
  });
});
