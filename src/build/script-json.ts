import { oneByteJson } from "../lib/node.ts";
import { safeInScript } from "../protocol/index.ts";

/**
 * JSON to put inside a `<script>` element of a page (JSON-LD, data blocks): no `<`, `>` or line
 * separator left raw, so no value can close the element or open a comment early (JSON parsers
 * read `\u003c` as `<`); and characters beyond Latin-1 escaped, so that the page stays one
 * byte a character (lib/node.ts).
 */
export function jsonInScript(value: unknown): string {
  return oneByteJson(safeInScript(JSON.stringify(value)));
}
