import path from "node:path";
import { describe, expect, it } from "vitest";
import { readServerConfig } from "./config.ts";
import { DEFAULT_HOST, DEFAULT_PORT } from "./constants.ts";

describe("readServerConfig", () => {
  it("defaults to port 8000 on all interfaces serving ./public quietly", () => {
    expect(readServerConfig({}, "/srv/app")).toEqual({
      port: DEFAULT_PORT,
      host: DEFAULT_HOST,
      root: path.resolve("/srv/app/public"),
      logRequests: false,
      csp: {},
    });
    expect(DEFAULT_PORT).toBe(8000);
  });

  it("reads PORT, HOST, HD_OUT_DIR (relative to cwd or absolute) and LOG_REQUESTS", () => {
    const config = readServerConfig(
      { PORT: "0", HOST: "127.0.0.1", HD_OUT_DIR: "dist/site", LOG_REQUESTS: "1" },
      "/srv/app",
    );
    expect(config).toMatchObject({
      port: 0,
      host: "127.0.0.1",
      root: path.resolve("/srv/app/dist/site"),
      logRequests: true,
    });
    expect(readServerConfig({ HD_OUT_DIR: "/tmp/out" }, "/srv/app").root).toBe("/tmp/out");
  });

  it("reads CSP extras as space- or comma-separated lists", () => {
    const { csp } = readServerConfig(
      {
        CSP_SCRIPT_SRC: "https://a.example  https://b.example",
        CSP_CONNECT_SRC: "https://api.ipify.org,https://c.example",
        CSP_REPORT_URI: "/csp",
      },
      "/",
    );
    expect(csp).toEqual({
      scriptSrc: ["https://a.example", "https://b.example"],
      connectSrc: ["https://api.ipify.org", "https://c.example"],
      reportUri: "/csp",
    });
  });

  it.each([
    ["PORT", "80a"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["LOG_REQUESTS", "maybe"],
  ])("rejects %s=%s with a message naming it", (name, value) => {
    expect(() => readServerConfig({ [name]: value }, "/")).toThrow(name);
  });
});
