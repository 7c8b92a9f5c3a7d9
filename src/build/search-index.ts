/**
 * The static search index: Pagefind writes its index, its browser module and its WASM to
 * `/pagefind/`. Only elements marked `data-pagefind-body` are indexed: blog posts, the book and
 * its chapters, resources, integrations, interview guides and job description templates (the
 * help-type pages); the search dialog loads the module when a visitor opens search.
 *
 * A build hands Pagefind each indexed page's search document (`startSearchIndex`,
 * search-document.ts): a full build as it renders the page, so indexing runs alongside the
 * prerender; an incremental one, which renders only what changed (Pagefind cannot update an
 * index), reads every built page back afterwards. Both add the pages in route order, so both
 * write the same index. `writeSearchIndex` lets Pagefind read a whole built folder itself:
 * the tests' reference for what the documents must index.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pagefind from "pagefind";
import { htmlFileFor } from "../protocol/index.ts";
import { searchDocumentOf } from "./search-document.ts";

export const SEARCH_INDEX_DIR = "pagefind";

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>["index"]>;

async function openIndex(): Promise<PagefindIndex> {
  const { errors, index } = await pagefind.createIndex({ forceLanguage: "en" });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join("; ")}`);
  return index;
}

async function writeIndex(index: PagefindIndex, outDir: string): Promise<void> {
  const written = await index.writeFiles({ outputPath: join(outDir, SEARCH_INDEX_DIR) });
  if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join("; ")}`);
}

/** Indexes every page built into outDir, Pagefind reading the whole pages itself. */
export async function writeSearchIndex(outDir: string): Promise<{ pages: number }> {
  try {
    const index = await openIndex();
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join("; ")}`);
    await writeIndex(index, outDir);
    return { pages: added.page_count };
  } finally {
    await pagefind.close();
  }
}

/**
 * Documents handed to Pagefind and not yet indexed, at most, before `ready` holds the
 * prerender back: when Pagefind falls behind, the documents would wait in this process's
 * memory (10,000 posts went 60-90 MB over the build's usual peak).
 */
const MAX_PENDING_DOCUMENTS = 300;

export interface SearchIndexInProgress {
  /** Adds one page's search document; Pagefind indexes it while the prerender goes on. */
  add(path: string, document: string): void;
  /** Resolves once Pagefind has caught up enough for more documents. */
  ready(): Promise<void>;
  /** Waits for every page added, then writes the index into outDir. */
  write(outDir: string): Promise<{ pages: number }>;
  /** Stops Pagefind without writing (the build failed). */
  close(): Promise<void>;
}

/** Starts an index that pages are added to as they are rendered (a full build's path). */
export async function startSearchIndex(): Promise<SearchIndexInProgress> {
  let index: PagefindIndex;
  try {
    index = await openIndex();
  } catch (error) {
    await pagefind.close();
    throw error;
  }
  const pending: Promise<string[]>[] = [];
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const settled = () => {
    inFlight -= 1;
    if (inFlight > MAX_PENDING_DOCUMENTS / 2) return;
    for (const resume of waiting) resume();
    waiting = [];
  };
  return {
    add(path, document) {
      inFlight += 1;
      const added = index.addHTMLFile({ url: path, content: document }).then(
        (result) => result.errors.map((error) => `${path}: ${error}`),
        (error: unknown) => [`${path}: ${String(error)}`],
      );
      added.finally(settled);
      pending.push(added);
    },
    ready() {
      if (inFlight <= MAX_PENDING_DOCUMENTS) return Promise.resolve();
      return new Promise((resume) => waiting.push(resume));
    },
    async write(outDir) {
      try {
        const errors = (await Promise.all(pending)).flat();
        if (errors.length > 0) throw new Error(`Pagefind: ${errors.join("; ")}`);
        await writeIndex(index, outDir);
        return { pages: pending.length };
      } finally {
        await pagefind.close();
      }
    },
    async close() {
      await pagefind.close();
    },
  };
}

/**
 * Indexes the pages built into outDir from their search documents, read back from the built
 * files, in the order of `paths` (route order, as a full build adds them: the index is then
 * the very bytes a full build of the same content writes), and writes the index.
 */
export async function indexBuiltPages(outDir: string, paths: readonly string[]): Promise<void> {
  const index = await startSearchIndex();
  try {
    for (const path of paths) {
      const document = searchDocumentOf(readFileSync(join(outDir, htmlFileFor(path)), "utf8"));
      if (document === null) continue;
      await index.ready();
      index.add(path, document);
    }
  } catch (error) {
    await index.close();
    throw error;
  }
  await index.write(outDir);
}
