/**
 * The site search in the browser: loads the index files a query needs (format.ts), ranks the
 * pages (query.ts) and loads the top pages' fragments for their titles and excerpts. A search
 * for one word fetches the manifest (once), one term shard, and a page list and a fragment per
 * result shown; everything but the manifest is named by its content, so it is fetched once.
 */
import {
  type Fragment,
  fragmentUrl,
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
  /** Content-named files by URL, loaded or loading: each is fetched once, however many ask. */
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

  const fragmentOf = async (index: SearchManifest, page: number): Promise<Fragment> => {
    const listFile = index.pageLists[Math.floor(page / PAGES_PER_LIST)];
    if (listFile === undefined) throw new Error(`Search index has no page list for page ${page}`);
    const list = await load<PageList>(pageListUrl(listFile));
    const file = list[page % PAGES_PER_LIST];
    if (file === undefined) throw new Error(`Search index has no fragment for page ${page}`);
    return load<Fragment>(fragmentUrl(file));
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
    const fragments = await Promise.all(
      ranked.slice(0, limit).map(({ page }) => fragmentOf(index, page)),
    );
    return fragments.map((fragment) => ({
      path: fragment.path,
      title: fragment.title || fragment.path,
      excerpt: excerptOf(fragment.text, terms),
    }));
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
