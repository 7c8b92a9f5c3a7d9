/** URL shapes of the page-data protocol. */

/** `/` → `index`, `/blog/post/` → `blog/post`, `/404.html` → `404.html`. */
export function pageDataSlug(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "index" : trimmed;
}

export function pageDataUrl(path: string): string {
  return `/page-data/${pageDataSlug(path)}/page-data.json`;
}

export const APP_DATA_URL = "/page-data/app-data.json";

export function staticQueryUrl(hash: string): string {
  return `/page-data/sq/d/${hash}.json`;
}

export function sliceDataUrl(name: string): string {
  return `/slice-data/${name}.json`;
}
