/**
 * The CSP sources the build derived from the configured integrations (src/integrations/csp.ts
 * writes `csp-sources.json` into the output). The server adds them to its policy, so turning
 * an integration on in content/settings.json is all it takes; nothing else is allowed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { CspConfig } from "./headers.ts";
import { fileStamp } from "./json-file-cache.ts";

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

/**
 * The build's CSP sources as the build last wrote them: read now (a malformed file throws, so
 * the server does not start on it), then again whenever the file changes, so a rebuild that
 * turns an integration on or off takes effect without a restart, as the pages it serves do.
 * A file that cannot be read later (caught half-written) keeps the last good sources until
 * the next change, and says why.
 */
export function buildCspReader(
  root: string,
  onError: (error: unknown) => void = (error) =>
    console.error(`Kept the last CSP sources: ${BUILD_CSP_FILE} could not be read.`, error),
): () => CspConfig {
  const file = path.join(root, BUILD_CSP_FILE);
  let stamp = fileStamp(file);
  let current = readBuildCsp(root);
  return () => {
    const now = fileStamp(file);
    if (now === stamp) return current;
    stamp = now;
    try {
      current = readBuildCsp(root);
    } catch (error) {
      onError(error);
    }
    return current;
  };
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
