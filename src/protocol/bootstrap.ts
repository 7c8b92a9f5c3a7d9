import type { BootstrapData } from "./types.ts";

/** Id of the element the build prerenders each page into and the runtime hydrates. */
export const ROOT_ELEMENT_ID = "___hd";

/** Id of the `<script type="application/json">` element that carries a page's BootstrapData. */
export const BOOTSTRAP_SCRIPT_ID = "__hd_data";

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
