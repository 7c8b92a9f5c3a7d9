import { afterEach, describe, expect, it, vi } from "vitest";
import { SERVICE_WORKER_INSECURE_MESSAGE, SERVICE_WORKER_URL } from "./constants.ts";
import { registerServiceWorker, registerServiceWorkerInBrowser } from "./service-worker.ts";

function fakeContainer(outcome: "ok" | Error = "ok") {
  const registered: string[] = [];
  return {
    registered,
    register(url: string) {
      registered.push(url);
      return outcome === "ok" ? Promise.resolve({ scope: "/" }) : Promise.reject(outcome);
    },
  };
}

describe("registerServiceWorker", () => {
  it("uses the spec's URL and message", () => {
    expect(SERVICE_WORKER_URL).toBe("/sw.js");
    expect(SERVICE_WORKER_INSECURE_MESSAGE).toBe(
      "Service workers can only be used over HTTPS, or on localhost for development",
    );
  });

  it.each([
    ["https:", "www.harbordesk.example"],
    ["https:", "localhost"],
    ["http:", "localhost"],
    ["http:", "127.0.0.1"],
    ["http:", "[::1]"],
  ])("registers /sw.js on %s//%s", async (protocol, hostname) => {
    const container = fakeContainer();
    const logged: string[] = [];
    const result = await registerServiceWorker({
      protocol,
      hostname,
      serviceWorker: container,
      log: (message) => logged.push(message),
    });
    expect(result).toBe("registered");
    expect(container.registered).toEqual([SERVICE_WORKER_URL]);
    expect(logged).toEqual([]);
  });

  it.each([
    ["http:", "www.harbordesk.example"],
    ["http:", "localhost.harbordesk.example"],
    ["http:", "192.168.1.20"],
    ["file:", ""],
  ])("refuses %s//%s and logs the exact message", async (protocol, hostname) => {
    const container = fakeContainer();
    const logged: unknown[][] = [];
    const result = await registerServiceWorker({
      protocol,
      hostname,
      serviceWorker: container,
      log: (...args) => logged.push(args),
    });
    expect(result).toBe("insecure");
    expect(container.registered).toEqual([]);
    expect(logged).toEqual([[SERVICE_WORKER_INSECURE_MESSAGE]]);
  });

  it("logs the insecure origin even where the browser hides navigator.serviceWorker", async () => {
    const logged: string[] = [];
    const result = await registerServiceWorker({
      protocol: "http:",
      hostname: "www.harbordesk.example",
      log: (message) => logged.push(message),
    });
    expect(result).toBe("insecure");
    expect(logged).toEqual([SERVICE_WORKER_INSECURE_MESSAGE]);
  });

  it("stays quiet on a secure origin whose browser has no service workers", async () => {
    const logged: string[] = [];
    const result = await registerServiceWorker({
      protocol: "https:",
      hostname: "www.harbordesk.example",
      log: (message) => logged.push(message),
    });
    expect(result).toBe("unsupported");
    expect(logged).toEqual([]);
  });

  it("logs a failed registration with its cause and does not reject", async () => {
    const cause = new Error("SecurityError: bad MIME type");
    const logged: unknown[][] = [];
    const result = await registerServiceWorker({
      protocol: "https:",
      hostname: "www.harbordesk.example",
      serviceWorker: fakeContainer(cause),
      log: (...args) => logged.push(args),
    });
    expect(result).toBe("failed");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[0]).toContain(SERVICE_WORKER_URL);
    expect(logged[0]?.[1]).toBe(cause);
  });
});

describe("registerServiceWorkerInBrowser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("reads location and navigator and registers on a secure origin", async () => {
    const container = fakeContainer();
    vi.stubGlobal("location", { protocol: "https:", hostname: "www.harbordesk.example" });
    vi.stubGlobal("navigator", { serviceWorker: container });
    await expect(registerServiceWorkerInBrowser()).resolves.toBe("registered");
    expect(container.registered).toEqual([SERVICE_WORKER_URL]);
  });

  it("reports an insecure origin with console.error", async () => {
    vi.stubGlobal("location", { protocol: "http:", hostname: "www.harbordesk.example" });
    vi.stubGlobal("navigator", {});
    const errors: unknown[][] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
    await expect(registerServiceWorkerInBrowser()).resolves.toBe("insecure");
    expect(errors).toEqual([[SERVICE_WORKER_INSECURE_MESSAGE]]);
  });
});
