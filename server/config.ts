/** Reads the server's settings from environment variables (documented in server/README.md). */
import path from "node:path";
import { DEFAULT_HOST, DEFAULT_OUT_DIR, DEFAULT_PORT } from "./constants.ts";
import type { CspConfig } from "./headers.ts";

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the build output. */
  root: string;
  logRequests: boolean;
  csp: CspConfig;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Environment variable → CSP directive it extends. */
export const CSP_ENV_VARS = {
  CSP_SCRIPT_SRC: "scriptSrc",
  CSP_STYLE_SRC: "styleSrc",
  CSP_IMG_SRC: "imgSrc",
  CSP_FONT_SRC: "fontSrc",
  CSP_CONNECT_SRC: "connectSrc",
  CSP_FRAME_SRC: "frameSrc",
  CSP_MEDIA_SRC: "mediaSrc",
} as const satisfies Record<string, keyof CspConfig>;

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "") return false;
  const normalized = value.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(normalized)) return true;
  if (["0", "false", "no", "off"].includes(normalized)) return false;
  throw new Error(`${name} must be 1 or 0, got ${JSON.stringify(value)}`);
}

/** Space- or comma-separated sources, e.g. "https://a.example https://b.example". */
function parseList(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter((item) => item !== "");
}

export function readServerConfig(env: Env, cwd: string): ServerConfig {
  const csp: CspConfig = {};
  for (const [name, key] of Object.entries(CSP_ENV_VARS)) {
    const sources = parseList(env[name]);
    if (sources.length > 0) csp[key] = sources;
  }
  if (env.CSP_REPORT_URI) csp.reportUri = env.CSP_REPORT_URI;
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || DEFAULT_HOST,
    root: path.resolve(cwd, env.HD_OUT_DIR?.trim() || DEFAULT_OUT_DIR),
    logRequests: parseFlag("LOG_REQUESTS", env.LOG_REQUESTS),
    csp,
  };
}
