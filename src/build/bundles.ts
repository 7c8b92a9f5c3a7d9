/**
 * Vite's three bundles (client, standalone attribution script, server), built in a child
 * process of their own. Vite and Rolldown keep ~250 MB the build's process never gets back
 * (native memory, not the JS heap); built in the build's own process, that sat under the
 * render workers' memory and took a 10,000-post build past 1 GB at its peak. The child exits
 * before the prerender starts, and hands back Vite's client manifest.
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { takeViteManifest } from "./vite-manifest.ts";

export type ViteManifest = Awaited<ReturnType<typeof takeViteManifest>>;

export interface BundleJob {
  projectRoot: string;
  outDir: string;
  /** Where the server bundle goes (`entry-server.js`). */
  ssrDir: string;
}

/** What the child sends its parent. */
type ChildMessage = { log: string } | { manifest: ViteManifest } | { error: string };

/** Builds the bundles in this process (the child calls this); answers the client manifest. */
export async function buildBundles(
  job: BundleJob,
  log: (line: string) => void,
): Promise<ViteManifest> {
  const { build } = await import("vite");
  const { projectRoot, outDir, ssrDir } = job;
  const quiet = { logLevel: "warn" as const, configFile: join(projectRoot, "vite.config.ts") };
  await mkdir(ssrDir, { recursive: true });
  log("Building the client bundle…");
  await build({ ...quiet, root: projectRoot, build: { outDir, emptyOutDir: true } });

  const attributionConfig = join(projectRoot, "vite.attribution.config.ts");
  if (existsSync(attributionConfig)) {
    log("Building the standalone attribution script…");
    const previous = process.env.HD_OUT_DIR;
    process.env.HD_OUT_DIR = outDir;
    try {
      await build({ logLevel: "warn", configFile: attributionConfig, root: projectRoot });
    } finally {
      if (previous === undefined) delete process.env.HD_OUT_DIR;
      else process.env.HD_OUT_DIR = previous;
    }
  }

  log("Building the server bundle…");
  await build({
    ...quiet,
    root: projectRoot,
    build: {
      ssr: "src/site/entry-server.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: {
        input: "src/site/entry-server.tsx",
        output: { entryFileNames: "entry-server.js" },
        // The islands' lazy imports (the header, the footer, the content body) split the
        // client bundle; the server renders them from the same modules imported statically
        // (src/shell/node.ts, src/sections/node.ts), as it must to prerender them. That the
        // server's copy of those imports splits nothing is the design, not news: left in, it
        // printed three warnings on every build.
        onLog(level, log, handler) {
          if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handler(level, log);
        },
      },
    },
  });
  return takeViteManifest(outDir);
}

/** Builds the bundles in a child process (bundle-child.ts); answers the client manifest. */
export function buildBundlesInChild(
  job: BundleJob,
  log: (line: string) => void,
  /** Aborting stops the child (the build failed meanwhile) and rejects. */
  signal?: AbortSignal,
): Promise<ViteManifest> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./bundle-child.ts", import.meta.url), [JSON.stringify(job)], {
      // Not the parent's flags (a test runner's, a profiler's): a plain Node process.
      execArgv: [],
      ...(signal ? { signal } : {}),
    });
    let manifest: ViteManifest | null = null;
    let failure: string | null = null;
    child.on("message", (message: ChildMessage) => {
      if ("log" in message) log(message.log);
      else if ("manifest" in message) manifest = message.manifest;
      else failure = message.error;
    });
    // An abort surfaces here as an AbortError, and the exit that follows rejects again, unheard.
    child.once("error", reject);
    child.once("exit", (code) => {
      if (manifest && code === 0) resolve(manifest);
      else reject(new Error(`Building the bundles failed (exit ${code}):\n${failure ?? ""}`));
    });
  });
}
