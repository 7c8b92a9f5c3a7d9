import { BOOTSTRAP_SCRIPT_ID } from "./constants.ts";
import type { BootstrapData } from "./types.ts";

/**
 * Serialises the inline bootstrap JSON so it can never close its <script> element or
 * start an HTML comment, whatever the content contains.
 */
export function serializeBootstrapData(data: BootstrapData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Reads the HTML's inline data; null when the page carries none or it is unreadable. */
export function readBootstrapData(doc: Document): BootstrapData | null {
  const text = doc.getElementById(BOOTSTRAP_SCRIPT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as BootstrapData;
    return data && typeof data === "object" && data.pageData?.path ? data : null;
  } catch {
    return null;
  }
}
