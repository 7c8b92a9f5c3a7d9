/**
 * The calculator page's only contact with browser globals: reading what was typed before it
 * hydrated, writing its state into the URL and copying text. Thin on purpose; the logic lives
 * in src/tools/staffing.
 */
import type { RawInputs } from "../../tools/staffing/index.ts";

/**
 * What the visitor typed into the prerendered form before the page hydrated: each field whose
 * value is no longer the one in the HTML (its default value). Hydration writes the prerendered
 * values back into the fields, so this is read while hydrating, before React commits. Null
 * when nothing was typed, on the server, and after a client-side navigation (no form yet).
 */
export function valuesTypedBeforeHydration(formId: string): Partial<RawInputs> | null {
  if (typeof document === "undefined") return null;
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return null;
  const typed: Record<string, string> = {};
  for (const field of form.querySelectorAll("input")) {
    if (field.value !== field.defaultValue) typed[field.name] = field.value;
  }
  return Object.keys(typed).length > 0 ? typed : null;
}

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
