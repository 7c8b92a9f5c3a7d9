/**
 * The calculator page's only contact with browser globals: writing its state into the URL
 * and copying text. Thin on purpose; the logic lives in src/tools/staffing.
 */

/**
 * Replaces the query of the current history entry (no new entry, so typing does not fill the
 * back button). The router's entry state is kept so scroll memory still works.
 */
export function replaceQuery(search: string): void {
  const { pathname, hash } = window.location;
  if (window.location.search === search) return;
  window.history.replaceState(window.history.state, "", `${pathname}${search}${hash}`);
}

/** The current page's query, as `location.search` gives it. */
export function currentQuery(): string {
  return window.location.search;
}

/** The absolute URL of this page with the given query. */
export function pageUrlWithQuery(search: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}${search}`;
}

/** Copies text to the clipboard; false when the browser refuses (no permission, old API). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function printPage(): void {
  window.print();
}
