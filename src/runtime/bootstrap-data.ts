import { BOOTSTRAP_SCRIPT_ID, type BootstrapData } from "../protocol/index.ts";

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
