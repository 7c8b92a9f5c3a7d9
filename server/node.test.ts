import { connect } from "node:net";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { startServer } from "./node.ts";

function slowApp(ms: number): Hono {
  const app = new Hono();
  app.get("/slow", async (c) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return c.text("done");
  });
  app.get("/fast", (c) => c.text("ok"));
  return app;
}

describe("startServer", () => {
  it("reports the bound port and a local URL", async () => {
    const running = await startServer({ app: slowApp(0), port: 0, host: "127.0.0.1" });
    try {
      expect(running.port).toBeGreaterThan(0);
      expect(running.url).toBe(`http://127.0.0.1:${running.port}`);
      expect(await (await fetch(`${running.url}/fast`)).text()).toBe("ok");
    } finally {
      await running.close();
    }
  });

  it("shows localhost for a wildcard bind", async () => {
    const running = await startServer({ app: slowApp(0), port: 0, host: "0.0.0.0" });
    try {
      expect(running.url).toBe(`http://localhost:${running.port}`);
    } finally {
      await running.close();
    }
  });

  it("rejects when the port is taken", async () => {
    const first = await startServer({ app: slowApp(0), port: 0, host: "127.0.0.1" });
    try {
      await expect(
        startServer({ app: slowApp(0), port: first.port, host: "127.0.0.1" }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it("answers an unparsable request target with 400 and security headers", async () => {
    const running = await startServer({ app: slowApp(0), port: 0, host: "127.0.0.1" });
    try {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(running.port, "127.0.0.1", () => {
          socket.end("GET /a\\b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        });
        let data = "";
        socket.on("data", (chunk) => {
          data += chunk.toString();
        });
        socket.on("end", () => resolve(data));
        socket.on("error", reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400/);
      expect(raw).toMatch(/x-content-type-options: nosniff/i);
      expect(raw).toMatch(/content-security-policy: default-src 'self'/i);
    } finally {
      await running.close();
    }
  });

  it("lets an in-flight request finish on close, then refuses new connections", async () => {
    const running = await startServer({ app: slowApp(300), port: 0, host: "127.0.0.1" });
    const inFlight = fetch(`${running.url}/slow`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = running.close();
    expect(await inFlight).toBe("done");
    await closed;
    await expect(fetch(`${running.url}/fast`)).rejects.toThrow();
  });

  it("cuts off requests still running after the grace period", async () => {
    const running = await startServer({ app: slowApp(60_000), port: 0, host: "127.0.0.1" });
    const inFlight = fetch(`${running.url}/slow`).then(
      () => "answered",
      () => "cut off",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await running.close(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await inFlight).toBe("cut off");
  });
});
