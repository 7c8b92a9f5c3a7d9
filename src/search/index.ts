/**
 * The site search's public surface: the words (tokens.ts) and files (format.ts) the build and
 * the browser share, the query logic (query.ts), the text of a result's page data for its
 * excerpt (page-text.ts) and the browser's loader (client.ts). The build
 * writes the index with the first two; the search dialog, loaded only when opened, reads it
 * with the last.
 */
export { createSiteSearch, type FetchJson, type SearchResult, type SiteSearch } from "./client.ts";
export {
  BM25_B,
  BM25_K1,
  inverseDocumentFrequency,
  type ListedPage,
  PAGES_PER_LIST,
  type PageList,
  pageListUrl,
  SEARCH_DIR,
  SEARCH_FORMAT_VERSION,
  SEARCH_MANIFEST_URL,
  type SearchManifest,
  SHARD_COUNT,
  shardOf,
  type TermShard,
  TITLE_WEIGHT,
  termShardUrl,
  termWeight,
  WEIGHT_SCALE,
} from "./format.ts";
export { BLOCK_TAGS, collapseWhitespace, excerptTextOf, textOfHtml } from "./page-text.ts";
export {
  type ExcerptPart,
  excerptOf,
  PREFIX_MATCH_FACTOR,
  queryTerms,
  type RankedPage,
  rankPages,
} from "./query.ts";
export {
  countTermsInto,
  foldWord,
  MAX_TERM_LENGTH,
  MIN_TERM_LENGTH,
  stem,
  termOf,
  termsOf,
  wordsOf,
} from "./tokens.ts";
