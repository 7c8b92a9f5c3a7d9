/**
 * The static search index: Pagefind reads the built HTML and writes its index, its browser
 * module and its WASM to `/pagefind/`. Only elements marked `data-pagefind-body` are indexed:
 * blog posts, the book and its chapters, resources, integrations, interview guides and job
 * description templates (the help-type pages);
 * the search dialog loads the module when a visitor opens search.
 */
import { join } from "node:path";
import * as pagefind from "pagefind";

export const SEARCH_INDEX_DIR = "pagefind";

export async function writeSearchIndex(outDir: string): Promise<{ pages: number }> {
  const { errors, index } = await pagefind.createIndex({ forceLanguage: "en" });
  try {
    if (!index) throw new Error(`Pagefind could not start: ${errors.join("; ")}`);
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join("; ")}`);
    const written = await index.writeFiles({ outputPath: join(outDir, SEARCH_INDEX_DIR) });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join("; ")}`);
    return { pages: added.page_count };
  } finally {
    await pagefind.close();
  }
}
