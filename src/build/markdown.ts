import { Marked } from "marked";
import { expandCallouts } from "./directives.ts";
import { sanitize } from "./sanitize.ts";

const marked = new Marked({ gfm: true, async: false });

/** Markdown body (placeholders already resolved at content load) → sanitised HTML. */
export function renderMarkdown(markdown: string): string {
  return sanitize(marked.parse(expandCallouts(markdown)) as string);
}
