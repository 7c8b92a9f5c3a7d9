/**
 * The builder's thin browser adapters: picks made before hydration, the address bar, the
 * clipboard and file downloads. Everything else in the builder is pure and lives in
 * src/tools/interview/.
 */

export interface EarlyPicks {
  role?: string;
  competencies?: string[];
}

/**
 * What the visitor changed in the prerendered picker before the page hydrated: the role, if
 * the select no longer shows the prerendered one, and the ticked competencies, if any box
 * changed. Hydration puts the prerendered choices back, so this is read while hydrating,
 * before React commits. Null when nothing changed, on the server, and after a client-side
 * navigation (no picker yet).
 */
export function picksMadeBeforeHydration(
  roleSelectId: string,
  competencyName: string,
): EarlyPicks | null {
  if (typeof document === "undefined") return null;
  const picks: EarlyPicks = {};
  const role = document.getElementById(roleSelectId);
  if (role instanceof HTMLSelectElement) {
    const prerendered = [...role.options].find((option) => option.defaultSelected);
    if (prerendered && role.value !== prerendered.value) picks.role = role.value;
  }
  const boxes = [...document.querySelectorAll<HTMLInputElement>(`input[name="${competencyName}"]`)];
  if (boxes.some((box) => box.checked !== box.defaultChecked)) {
    picks.competencies = boxes.filter((box) => box.checked).map((box) => box.value);
  }
  return picks.role !== undefined || picks.competencies !== undefined ? picks : null;
}

/**
 * Shows the plan's shareable path in the address bar without a navigation: the router would
 * otherwise scroll to the top and move focus on every edit. The router's history key is kept.
 */
export function replaceAddressPath(path: string): void {
  const { search, hash } = window.location;
  window.history.replaceState(window.history.state, "", `${path}${search}${hash}`);
}

/** An absolute URL for a site path, for links inside copied or downloaded guides. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Resolves true when the text reached the clipboard; false when the browser refused. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Saves `text` as a file through a temporary object URL. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function printPage(): void {
  window.print();
}
