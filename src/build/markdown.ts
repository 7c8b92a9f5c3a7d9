import { Marked, type Tokens } from "marked";
import { expandCallouts } from "./directives.ts";
import { type IdentifiedHeading, identifyHeadings, type TocEntry } from "./headings.ts";
import { sanitize } from "./sanitize.ts";

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Headings carry the anchor ids identifyHeadings gave them, for tables of contents.
    heading(token: Tokens.Heading) {
      const { id } = token as IdentifiedHeading;
      const inner = this.parser.parseInline(token.tokens);
      return id
        ? `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`
        : `<h${token.depth}>${inner}</h${token.depth}>\n`;
    },
  },
});

/** Markdown body (placeholders already resolved at content load) → sanitised HTML. */
export function renderMarkdown(markdown: string): string {
  const tokens = marked.lexer(expandCallouts(markdown));
  identifyHeadings(tokens);
  return sanitize(marked.parser(tokens));
}

/** The h2/h3 headings of a Markdown body with the ids `renderMarkdown` gives them. */
export function tableOfContents(markdown: string): TocEntry[] {
  return identifyHeadings(marked.lexer(expandCallouts(markdown)));
}
