/**
 * The site search in the browser: loads the index files a query needs (format.ts), ranks the
 * pages (query.ts), takes the top pages' paths and titles from their page lists and cuts each
 * one's excerpt from its page data (page-text.ts). A search for one word fetches the manifest
 * (once), one term shard, and a page list and a page's data per result shown; the index files
 * but the manifest are named by their content, so each is fetched once.
 */
import { pageDataUrl } from "../protocol/index.ts";
import {
  type ListedPage,
  PAGES_PER_LIST,
  type PageList,
  pageListUrl,
  SEARCH_FORMAT_VERSION,
  SEARCH_MANIFEST_URL,
  type SearchManifest,
  shardOf,
  type TermShard,
  termShardUrl,
} from "./format.ts";
import { excerptTextOf } from "./page-text.ts";
import { type ExcerptPart, excerptOf, queryTerms, rankPages } from "./query.ts";

export interface SearchResult {
  /** Site path of the page, for the client router. */
  path: string;
  title: string;
  excerpt: ExcerptPart[];
}

export interface SiteSearch {
  /** The best `limit` pages that have every term of `text`; [] when it has no term. */
  search(text: string, limit: number): Promise<SearchResult[]>;
}

/** Fetches a URL's JSON; rejects on a network error, a non-2xx answer or bad JSON. */
export type FetchJson = (url: string) => Promise<unknown>;

export async function fetchJson(url: string): Promise<unknown> {
  // The manifest is the one file not named by its content: ask the host whether it changed.
  const response = await fetch(url, url === SEARCH_MANIFEST_URL ? { cache: "no-cache" } : {});
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function checkedManifest(data: unknown): SearchManifest {
  const version = (data as Partial<SearchManifest> | null)?.version;
  if (version !== SEARCH_FORMAT_VERSION) {
    throw new Error(`Search index version ${version}; this page reads ${SEARCH_FORMAT_VERSION}`);
  }
  return data as SearchManifest;
}

export function createSiteSearch(fetchJsonOf: FetchJson = fetchJson): SiteSearch {
  let manifest: Promise<SearchManifest> | null = null;
  /**
   * Files by URL, loaded or loading: each is fetched once, however many ask. The index files
   * are named by their content; a page's data is kept for as long as the dialog's search is.
   */
  const files = new Map<string, Promise<unknown>>();

  const load = <T>(url: string): Promise<T> => {
    let file = files.get(url);
    if (file === undefined) {
      file = fetchJsonOf(url);
      files.set(url, file);
      // A failed file is asked for again next time, not remembered as failed.
      file.catch(() => files.delete(url));
    }
    return file as Promise<T>;
  };

  const loadManifest = (): Promise<SearchManifest> => {
    manifest ??= fetchJsonOf(SEARCH_MANIFEST_URL).then(checkedManifest);
    return manifest;
  };

  const listedPage = async (index: SearchManifest, page: number): Promise<ListedPage> => {
    const listFile = index.pageLists[Math.floor(page / PAGES_PER_LIST)];
    if (listFile === undefined) throw new Error(`Search index has no page list for page ${page}`);
    const list = await load<PageList>(pageListUrl(listFile));
    const listed = list[page % PAGES_PER_LIST];
    if (listed === undefined) throw new Error(`Search index has no page ${page}`);
    return listed;
  };

  /**
   * A result's excerpt. Its page data is not part of the index: when it cannot be loaded the
   * result is still shown, its title and link, without an excerpt.
   */
  const excerptFor = async (path: string, terms: readonly string[]): Promise<ExcerptPart[]> => {
    try {
      return excerptOf(excerptTextOf(await load<unknown>(pageDataUrl(path))), terms);
    } catch {
      return [];
    }
  };

  const search = async (text: string, limit: number): Promise<SearchResult[]> => {
    const terms = queryTerms(text);
    if (terms.length === 0 || limit <= 0) return [];
    const index = await loadManifest();
    const shards = new Map<number, TermShard>();
    await Promise.all(
      [...new Set(terms.map(shardOf))].map(async (shard) => {
        const file = index.shards[String(shard)];
        // A shard the manifest does not name has no terms: rankPages finds nothing in it.
        shards.set(shard, file === undefined ? {} : await load<TermShard>(termShardUrl(file)));
      }),
    );
    const ranked = rankPages(index.pages, terms, (term) => shards.get(shardOf(term)));
    return Promise.all(
      ranked.slice(0, limit).map(async ({ page }) => {
        const { path, title } = await listedPage(index, page);
        return { path, title: title || path, excerpt: await excerptFor(path, terms) };
      }),
    );
  };

  return {
    async search(text, limit) {
      try {
        return await search(text, limit);
      } catch (error) {
        // The manifest is asked for again after any failure, not just its own: a file it names
        // may be gone because the site was deployed since it was loaded.
        manifest = null;
        throw error;
      }
    },
  };
}
