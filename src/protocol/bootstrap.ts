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
  // One pass over the JSON: every page of a build carries it.
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (char) => SCRIPT_ESCAPES[char] ?? char);
}

const UNSAFE_IN_SCRIPT = /[<>\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
