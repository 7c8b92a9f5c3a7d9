/**
 * The CSP sources the build derived from the configured integrations (src/integrations/csp.ts
 * writes `csp-sources.json` into the output). The server adds them to its policy, so turning
 * an integration on in content/settings.json is all it takes; nothing else is allowed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { CspConfig } from "./headers.ts";

/** Written by the build next to index.html; the name is shared with src/integrations. */
export const BUILD_CSP_FILE = "csp-sources.json";

const sources = z.array(z.string().min(1)).default([]);
const buildCspSchema = z
  .object({
    scriptSrc: sources.describe("Origins of configured vendor scripts."),
    connectSrc: sources.describe("Origins configured scripts send data to."),
    frameSrc: sources.describe("Origins configured widgets frame."),
    imgSrc: sources.describe("Origins of configured pixels."),
  })
  .describe("CSP sources the configured integrations need.");

/** Reads the build's CSP sources; a missing file (an older build) means none. */
export function readBuildCsp(root: string): CspConfig {
  let text: string;
  try {
    text = readFileSync(path.join(root, BUILD_CSP_FILE), "utf8");
  } catch {
    return {};
  }
  const parsed = buildCspSchema.parse(JSON.parse(text));
  const csp: CspConfig = {};
  for (const key of ["scriptSrc", "connectSrc", "frameSrc", "imgSrc"] as const) {
    if (parsed[key].length > 0) csp[key] = parsed[key];
  }
  return csp;
}

/** Both configs' sources, directive by directive (the first's report URI unless the second has one). */
export function mergeCsp(base: CspConfig, extra: CspConfig = {}): CspConfig {
  const merged: CspConfig = { ...base, ...extra };
  for (const key of [
    "scriptSrc",
    "styleSrc",
    "imgSrc",
    "fontSrc",
    "connectSrc",
    "frameSrc",
    "mediaSrc",
  ] as const) {
    const list = [...(base[key] ?? []), ...(extra[key] ?? [])];
    if (list.length > 0) merged[key] = [...new Set(list)];
  }
  return merged;
}
