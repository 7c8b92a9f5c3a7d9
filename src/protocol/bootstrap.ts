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
  return safeInScript(JSON.stringify(data));
}

/**
 * `serializeBootstrapData` for the many pages of one build, the same text: what they share
 * (hash, slices, match paths) is serialised once, and each page's data comes as the JSON the
 * build has already made for its page-data file, instead of being serialised a second time.
 * `escapeFurther`, an escaping that keeps JSON the same JSON (the build's one byte a
 * character), is applied to the shared parts once; the page's part comes escaped alike.
 */
export function bootstrapSerializer(
  shared: Pick<BootstrapData, "compilationHash" | "slices" | "matchPaths">,
  escapeFurther: (json: string) => string = (json) => json,
): (pageDataJson: string) => string {
  // Escaping is character by character, so the parts can be escaped apart.
  const before = escapeFurther(
    safeInScript(`{"compilationHash":${JSON.stringify(shared.compilationHash)},"pageData":`),
  );
  const after = escapeFurther(
    safeInScript(
      `,"slices":${JSON.stringify(shared.slices)},"matchPaths":${JSON.stringify(shared.matchPaths)}}`,
    ),
  );
  return (pageDataJson) => `${before}${safeInScript(pageDataJson)}${after}`;
}

/**
 * JSON with nothing that could end the <script> element it sits in (`<`, `>`) or break it as
 * JavaScript (U+2028, U+2029), in one pass: the bootstrap data and the head's JSON-LD.
 */
export function safeInScript(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (char) => SCRIPT_ESCAPES[char] ?? char);
}

const UNSAFE_IN_SCRIPT = /[<>\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
