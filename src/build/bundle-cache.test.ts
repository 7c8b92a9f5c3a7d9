import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { BUNDLE_CACHE_ENTRIES, createBundleCache } from "./bundle-cache.ts";
import type { ViteManifest } from "./bundles.ts";

const work = registerTempFolder("hd-bundle-cache-");

const manifest = {
  "src/site/entry-client.tsx": { file: "assets/client-abc.js" },
} as unknown as ViteManifest;

/** A fake build's output: a client folder with a nested asset and a server bundle. */
async function builtBundles(name: string, marker: string) {
  const client = join(work(), name, "client");
  const ssr = join(work(), name, "ssr");
  await mkdir(join(client, "assets"), { recursive: true });
  await mkdir(ssr, { recursive: true });
  await writeFile(join(client, "assets", "client-abc.js"), `client ${marker}`);
  await writeFile(join(ssr, "entry-server.js"), `server ${marker}`);
  return { client, ssr };
}

describe("the bundle cache", () => {
  it("misses until a build is saved, then restores its files and manifest anywhere", async () => {
    const cache = createBundleCache(join(work(), "cache"), "code-1");
    expect(cache.restore(join(work(), "out", "client"), join(work(), "out", "ssr"))).toBeNull();
    const built = await builtBundles("build", "one");
    await cache.save(built.client, built.ssr, manifest);

    // A stale file in the target goes: the target holds exactly the cached bundles.
    await mkdir(join(work(), "elsewhere", "client"), { recursive: true });
    await writeFile(join(work(), "elsewhere", "client", "stale.js"), "old");
    const restored = cache.restore(
      join(work(), "elsewhere", "client"),
      join(work(), "elsewhere", "ssr"),
    );
    expect(restored).toEqual(manifest);
    expect(readdirSync(join(work(), "elsewhere", "client"), { recursive: true }).sort()).toEqual([
      "assets",
      join("assets", "client-abc.js"),
    ]);
    expect(readFileSync(join(work(), "elsewhere", "ssr", "entry-server.js"), "utf8")).toBe(
      "server one",
    );
    // Another key (other code) is another entry.
    const other = createBundleCache(join(work(), "cache"), "code-2");
    expect(other.restore(join(work(), "x", "client"), join(work(), "x", "ssr"))).toBeNull();
  });

  it("drops an entry that lost a file its manifest names", async () => {
    const cacheDir = join(work(), "cache");
    const built = await builtBundles("build", "one");
    await createBundleCache(cacheDir, "code").save(built.client, built.ssr, manifest);
    await rm(join(cacheDir, "code", "client", "assets", "client-abc.js"));
    const cache = createBundleCache(cacheDir, "code");
    expect(cache.restore(join(work(), "o", "c"), join(work(), "o", "s"))).toBeNull();
    expect(existsSync(join(cacheDir, "code"))).toBe(false);
  });

  it("keeps the first of two builds that save the same key at once, whole", async () => {
    const first = await builtBundles("a", "first");
    const second = await builtBundles("b", "second");
    const cacheDir = join(work(), "cache");
    await Promise.all([
      createBundleCache(cacheDir, "code").save(first.client, first.ssr, manifest),
      createBundleCache(cacheDir, "code").save(second.client, second.ssr, manifest),
    ]);
    // No half-written entry is left behind, and the entry is one build's, not a mix.
    expect(readdirSync(cacheDir)).toEqual(["code"]);
    createBundleCache(cacheDir, "code").restore(join(work(), "o", "c"), join(work(), "o", "s"));
    const client = readFileSync(join(work(), "o", "c", "assets", "client-abc.js"), "utf8");
    const server = readFileSync(join(work(), "o", "s", "entry-server.js"), "utf8");
    expect([client.split(" ")[1], server.split(" ")[1]]).toEqual(
      client.endsWith("first") ? ["first", "first"] : ["second", "second"],
    );
  });

  it("keeps the newest entries only", async () => {
    const cacheDir = join(work(), "cache");
    const built = await builtBundles("build", "x");
    const keys = Array.from({ length: BUNDLE_CACHE_ENTRIES + 2 }, (_, i) => `code-${i}`);
    for (const [index, key] of keys.entries()) {
      await createBundleCache(cacheDir, key).save(built.client, built.ssr, manifest);
      // Older entries get older times, whatever the file system's resolution.
      const seconds = Date.now() / 1000 - (keys.length - index) * 60;
      await utimes(join(cacheDir, key), seconds, seconds);
    }
    expect(readdirSync(cacheDir).sort()).toEqual(keys.slice(-BUNDLE_CACHE_ENTRIES).sort());
    expect(existsSync(join(cacheDir, "code-0"))).toBe(false);
  });
});
