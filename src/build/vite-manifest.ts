import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { componentSourceFile } from "../site/index.ts";
import type { PageAssets } from "./document.ts";

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
  isEntry?: boolean;
}
type ViteManifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = "src/site/entry-client.tsx";
/** The module the entry imports after the first paint: the router, hydration, the shell. */
export const CLIENT_START = "src/site/start-client.tsx";
export const VITE_MANIFEST_FILE = "vite-manifest.json";

/**
 * Reads Vite's manifest and removes it from the output: the site needs none of it at run time,
 * and it would publish the source tree's file names.
 */
export async function takeViteManifest(outDir: string): Promise<ViteManifest> {
  const file = join(outDir, VITE_MANIFEST_FILE);
  const manifest = JSON.parse(await readFile(file, "utf8")) as ViteManifest;
  await rm(file);
  return manifest;
}

/**
 * Resolves which hashed files each page needs: the entry, its CSS, the modules the entry
 * loads after the first paint (the start module's static closure), and the page's own chunk,
 * which loads once the page has hydrated.
 */
export function createAssetResolver(manifest: ViteManifest) {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Vite's manifest has no entry for ${CLIENT_ENTRY}.`);
  if (!manifest[CLIENT_START]) throw new Error(`Vite's manifest has no chunk for ${CLIENT_START}.`);

  /**
   * A chunk's static imports, then the chunk (post-order): importing the list one module at a
   * time evaluates each chunk in a task of its own instead of the whole graph in one.
   */
  const staticClosure = (
    key: string,
    into: Set<string>,
    css: Set<string>,
    visiting = new Set<string>(),
  ) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || visiting.has(key)) return;
    visiting.add(key);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) staticClosure(imported, into, css, visiting);
    into.add(chunk.file);
  };

  const cache = new Map<string, PageAssets>();
  return (componentChunkName: string): PageAssets => {
    const cached = cache.get(componentChunkName);
    if (cached) return cached;
    const source = componentSourceFile(componentChunkName);
    if (!source || !manifest[source]) {
      throw new Error(`Vite's manifest has no chunk for ${componentChunkName} (${source}).`);
    }
    const files = new Set<string>();
    const css = new Set<string>();
    staticClosure(CLIENT_ENTRY, files, css);
    // Last: evaluating the start module boots the page. The page's own chunk is not listed:
    // it is an island that loads after hydration (src/runtime/page-island.tsx), by the name
    // `pageModule` gives; only its stylesheets, if any, are the page's from the start.
    staticClosure(CLIENT_START, files, css);
    staticClosure(source, new Set(files), css);
    files.delete(entry.file);
    const assets: PageAssets = {
      entry: `/${entry.file}`,
      css: [...css].map((file) => `/${file}`),
      preload: [...files].map((file) => `/${file}`),
      pageModule: `/${manifest[source].file}`,
    };
    cache.set(componentChunkName, assets);
    return assets;
  };
}
