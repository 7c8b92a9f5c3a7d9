import { type SliceData, sliceDataUrl, staticQueryUrl } from "../protocol/index.ts";

/** One HTTP answer: status and body text. */
export type Answer = { status: number; text: string };
/** GET; resolves with status and body text for any HTTP answer; rejects on network failure. */
export type Get = (url: string) => Promise<Answer>;

/**
 * Fetching and checking the protocol's shared files (static queries and slices). Both the
 * first load (first-page.ts, which must stay small) and the page loader (loaded after
 * hydration) read them through here, so a broken file fails with the same message either way.
 */

/** A static query's `data`; a query with no data loads as null (its readers render nothing). */
export async function fetchStaticQuery(get: Get, hash: string): Promise<unknown> {
  const url = staticQueryUrl(hash);
  const file = await getJson(get, url, "static query");
  if (!isRecord(file)) throw invalidFile(url, "static query", "is not a JSON object");
  return file.data ?? null;
}

export async function fetchSlice(get: Get, name: string): Promise<SliceData> {
  const url = sliceDataUrl(name);
  const file = await getJson(get, url, "slice data");
  if (!isSliceData(file)) {
    throw invalidFile(url, "slice data", "lacks componentChunkName, result or staticQueryHashes");
  }
  return file;
}

async function getJson(get: Get, url: string, what: string): Promise<unknown> {
  let answer: Answer;
  try {
    answer = await get(url);
  } catch (error) {
    throw new Error(
      `Could not load the ${what} ${url}: the request failed (${describeError(error)}). Check the connection and reload the page.`,
    );
  }
  if (answer.status !== 200) throw invalidFile(url, what, `answered HTTP ${answer.status}`);
  try {
    return JSON.parse(answer.text);
  } catch {
    throw invalidFile(url, what, "is not valid JSON");
  }
}

function isSliceData(value: unknown): value is SliceData {
  return (
    isRecord(value) &&
    typeof value.componentChunkName === "string" &&
    isRecord(value.result) &&
    Array.isArray(value.staticQueryHashes) &&
    value.staticQueryHashes.every((hash) => typeof hash === "string")
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalidFile(url: string, what: string, problem: string): Error {
  return new Error(
    `Could not load the ${what} ${url}: it ${problem}. Rebuild and redeploy the site so the file is complete.`,
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a page reads besides its page data: its static queries and its slices. */
export interface PageDataFiles {
  /** Hash → `data` of every static query the page and its slices list. */
  staticQueryResults: Record<string, unknown>;
  /** Slice name → slice data, for every slice the page's `slicesMap` names. */
  slices: Record<string, SliceData>;
}

/**
 * Loads the static queries a page lists and its slices (then the static queries those list),
 * through the caller's (caching) loaders. Hashes the page lists too are shared with its
 * pending requests, not fetched twice.
 */
export async function loadDataOf(
  page: { staticQueryHashes: readonly string[]; slicesMap?: Record<string, string> },
  load: { staticQuery(hash: string): Promise<unknown>; slice(name: string): Promise<SliceData> },
): Promise<PageDataFiles> {
  const staticQueryResults: Record<string, unknown> = {};
  const loadQueries = (hashes: readonly string[]) =>
    Promise.all(
      hashes.map(async (hash) => {
        staticQueryResults[hash] = await load.staticQuery(hash);
      }),
    );
  const pageQueries = loadQueries(page.staticQueryHashes);
  pageQueries.catch(() => {});

  const slices: Record<string, SliceData> = {};
  const sliceNames = [...new Set(Object.values(page.slicesMap ?? {}))];
  await Promise.all(
    sliceNames.map(async (name) => {
      slices[name] = await load.slice(name);
    }),
  );
  const sliceQueries = new Set(Object.values(slices).flatMap((slice) => slice.staticQueryHashes));
  await Promise.all([pageQueries, loadQueries([...sliceQueries])]);
  return { staticQueryResults, slices };
}
