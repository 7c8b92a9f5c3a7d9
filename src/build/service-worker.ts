import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { APP_DATA_URL } from "../protocol/index.ts";
import { escapeHtml } from "./document.ts";
import { keptFiles } from "./kept-files.ts";

/**
 * `/sw.js`, generated at build time by Workbox with its runtime bundled in (no CDN):
 * - precaches the hashed assets and the offline page, versioned by the build hash, and drops
 *   older precaches when a new build activates (skipWaiting + clientsClaim);
 * - HTML: network first, falling back to the cached copy, then to the offline page, so a
 *   deploy is seen on the next navigation and a visited page still opens offline;
 * - page and slice data: stale-while-revalidate (the runtime compares each file's build hash
 *   and navigates in full on a mismatch, so a stale build is never rendered);
 * - app-data.json (the build check) and the API: network only.
 */

export const OFFLINE_PAGE = "/offline.html";

// The literal in the app-data route below must stay the protocol's URL.
if (APP_DATA_URL !== "/page-data/app-data.json") {
  throw new Error(`service-worker.ts: update the app-data route for ${APP_DATA_URL}`);
}

function offlineHtml(siteName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>You are offline | ${escapeHtml(siteName)}</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;color:#2b2f33;max-width:36rem;margin:4rem auto;padding:0 1.5rem;line-height:1.6}h1{font-size:1.75rem}a{color:#1f4fd1}</style></head><body><main><h1>You are offline</h1><p>This page has not been saved on this device yet. Pages you have already opened still work without a connection; this one will load as soon as you are back online.</p><p><a href="/">Try the home page</a></p></main></body></html>`;
}

export interface ServiceWorkerCache {
  dir: string;
  /** Covers the code: this file's Workbox settings, Workbox itself, the assets it precaches. */
  codeKey: string;
}

const execFileAsync = promisify(execFile);

/** Workers kept (~30 KB each): recent builds' code and site names. */
const KEPT_WORKERS = 10;

export async function writeServiceWorker(options: {
  outDir: string;
  siteName: string;
  compilationHash: string;
  /**
   * Where generated workers are kept by what they depend on: Workbox bundles and minifies its
   * runtime into sw.js every time, 1.2-1.5 s of every full build, for the same bytes as long
   * as the code, the build hash and the site's name stay the same.
   */
  cache?: ServiceWorkerCache;
}): Promise<void> {
  const { outDir, compilationHash, cache } = options;
  const swFile = join(outDir, "sw.js");
  writeFileSync(join(outDir, OFFLINE_PAGE), offlineHtml(options.siteName));
  const kept = cache ? keptFiles(cache.dir, KEPT_WORKERS) : null;
  const name = cache
    ? `${createHash("sha256")
        .update(`${cache.codeKey}|${options.siteName}|${compilationHash}`)
        .digest("hex")
        .slice(0, 32)}.js`
    : "";
  if (kept?.restore(name, swFile)) return;
  await generate(outDir, compilationHash);
  kept?.keep(name, swFile);
  await kept?.prune();
}

/**
 * Runs Workbox in service-worker-child.ts with TMPDIR set to a folder made for it, removed once
 * the child is done, whether it succeeded or not: Workbox leaves a folder of its own there.
 */
async function generate(outDir: string, compilationHash: string): Promise<void> {
  const temporary = await mkdtemp(join(tmpdir(), "hd-workbox-"));
  try {
    await execFileAsync(
      process.execPath,
      [
        fileURLToPath(new URL("./service-worker-child.ts", import.meta.url)),
        JSON.stringify({ outDir, compilationHash, offlinePage: OFFLINE_PAGE }),
      ],
      { env: { ...process.env, TMPDIR: temporary }, maxBuffer: 1 << 20 },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(
        `Generating the service worker failed:\n${error.stderr?.trim() || error.message}`,
      );
    });
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}
