import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { buildCodeKey, leftToNode, loadSiteBuild, withOwnImportMeta } from "./build-code.ts";
import { codeDigest, PROJECT_ROOT } from "./code-digest.ts";

const BARE_CONTENT = resolve(PROJECT_ROOT, "tests/e2e/fixtures/bare-content");
const work = registerTempFolder("hd-build-code-", "all");

describe("what the bundle leaves to Node", () => {
  it("keeps built-ins, native and lazily loaded libraries and stylesheets as imports", () => {
    for (const specifier of [
      "node:fs",
      "fs",
      "path",
      "sharp",
      "workbox-build",
      "vite",
      "rolldown",
      "./banner.css",
    ]) {
      expect(leftToNode(specifier), specifier).toBe(true);
    }
  });

  it("bundles the build's own modules and its other libraries", () => {
    for (const specifier of [
      "./content.ts",
      "../lib/index.ts",
      "zod",
      "marked",
      "sharpen",
      "vitest",
    ]) {
      expect(leftToNode(specifier), specifier).toBe(false);
    }
  });
});

describe("a module's own import.meta", () => {
  const file = "/work/site/src/images/build/pipeline.ts";

  it("is written out as its source file's, so paths resolved against it stay right", () => {
    const code = withOwnImportMeta(
      'new URL("./og-child.ts", import.meta.url); resolve(import.meta.dirname, "../.."); import.meta.filename;',
      file,
    );
    expect(code).toBe(
      'new URL("./og-child.ts", "file:///work/site/src/images/build/pipeline.ts"); resolve("/work/site/src/images/build", "../.."); "/work/site/src/images/build/pipeline.ts";',
    );
  });

  it("leaves code without it, and other import.meta properties, alone", () => {
    expect(withOwnImportMeta("const a = 1;", file)).toBe("const a = 1;");
    expect(withOwnImportMeta("import.meta.env.MODE", file)).toBe("import.meta.env.MODE");
  });
});

describe("the build's code", () => {
  const key = buildCodeKey(codeDigest(PROJECT_ROOT));

  it("changes its key with the code", () => {
    expect(buildCodeKey("a")).not.toBe(buildCodeKey("b"));
    expect(buildCodeKey("a")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("builds from its bundle the same files, byte for byte, as from source", async () => {
    const cacheDir = join(work(), "cache");
    const warnings: string[] = [];
    const bundled = await loadSiteBuild(key, { cacheDir, warn: (line) => warnings.push(line) });
    expect(warnings).toEqual([]);
    expect(readdirSync(join(cacheDir, key))).toContain("site-build.mjs");
    const source = await loadSiteBuild(key, { fromSource: true });
    expect(bundled).not.toBe(source);

    const options = { contentDir: BARE_CONTENT, ogImages: false } as const;
    const fromBundle = join(work(), "from-bundle");
    const fromSource = join(work(), "from-source");
    await bundled.buildSite({ ...options, outDir: fromBundle });
    await source.buildSite({ ...options, outDir: fromSource });

    const files = filesOf(fromBundle);
    expect(files.length).toBeGreaterThan(20);
    expect(files).toEqual(filesOf(fromSource));
    for (const file of files) {
      expect(sha(join(fromBundle, file)), file).toBe(sha(join(fromSource, file)));
    }
  }, 240_000);

  it("runs from source, saying why, when its bundle does not load, and drops it so the next build bundles again", async () => {
    const cacheDir = join(work(), "broken");
    await mkdir(join(cacheDir, key), { recursive: true });
    await writeFile(join(cacheDir, key, "site-build.mjs"), "export const broken = ;\n");
    const warnings: string[] = [];
    const site = await loadSiteBuild(key, { cacheDir, warn: (line) => warnings.push(line) });
    expect(site).toBe(await loadSiteBuild(key, { fromSource: true }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The bundled build code did not load, so it runs from source: /);
    expect(existsSync(join(cacheDir, key))).toBe(false);
  });

  it("runs from source, saying why, when bundling fails, and keeps no entry", async () => {
    const cacheDir = join(work(), "failing");
    const warnings: string[] = [];
    const site = await loadSiteBuild(key, {
      cacheDir,
      warn: (line) => warnings.push(line),
      bundle: async () => {
        throw new Error("Rolldown is not installed");
      },
    });
    expect(site).toBe(await loadSiteBuild(key, { fromSource: true }));
    expect(warnings).toEqual([
      "Bundling the build's code failed, so it runs from source: Rolldown is not installed",
    ]);
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

function sha(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}
