import { Marked, Renderer, type Tokens } from "marked";
import { expandCallouts } from "./directives.ts";
import {
  type IdentifiedHeading,
  identifyHeadings,
  TOC_MIN_HEADINGS,
  TOC_MIN_MINUTES,
  type TocEntry,
} from "./headings.ts";
import { builtSafely } from "./markdown-safety.ts";
import { markedShortcuts } from "./markdown-text.ts";
import { sanitize, TABLE_SCROLL_CLASS } from "./sanitize.ts";

const marked = new Marked(markedShortcuts, {
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
    // A table wider than a phone scrolls in a box of its own instead of widening the whole
    // page; the box takes the keyboard focus, so its hidden columns can be scrolled to.
    table(token: Tokens.Table) {
      const table = Renderer.prototype.table.call(this, token);
      return `<div class="${TABLE_SCROLL_CLASS}" tabindex="0">${table}</div>\n`;
    },
  },
});

export interface RenderMarkdownOptions {
  /**
   * Give headings anchor ids (default true). A collection body needs them for its table of
   * contents; a rich-text section does not, and its section already carries the page's anchor
   * (a section `id: agenda` with an "Agenda" heading would otherwise put two #agenda on one page).
   */
  headingIds?: boolean;
}

/** Markdown body (placeholders already resolved at content load) → sanitised HTML. */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): string {
  const { tokens, html } = markedHtml(markdown, options);
  if (!builtSafely(tokens)) return sanitize(html);
  // What the sanitiser adds to every image; the only "<img " in such HTML are marked's own
  // (text is escaped).
  return html.includes("<img ") ? html.replaceAll("<img ", LAZY_IMAGE) : html;
}

const LAZY_IMAGE = '<img loading="lazy" decoding="async" ';

/**
 * Every document through the sanitiser, as renderMarkdown rendered them all before it skipped
 * the sanitiser for plain ones (markdown-safety.ts): the reference its tests hold it to.
 */
export function renderMarkdownSanitised(
  markdown: string,
  options: RenderMarkdownOptions = {},
): string {
  return sanitize(markedHtml(markdown, options).html);
}

function markedHtml(markdown: string, options: RenderMarkdownOptions) {
  const tokens = marked.lexer(expandCallouts(markdown));
  if (options.headingIds !== false) identifyHeadings(tokens);
  return { tokens, html: marked.parser(tokens) };
}

/** The h2/h3 headings of a Markdown body with the ids `renderMarkdown` gives them. */
export function tableOfContents(markdown: string): TocEntry[] {
  return identifyHeadings(marked.lexer(expandCallouts(markdown)));
}

/**
 * The table of contents a post shows: its headings when it is long enough and has enough of
 * them, else [].
 */
export function postToc(readingMinutes: number, body: string): TocEntry[] {
  if (readingMinutes < TOC_MIN_MINUTES) return [];
  const toc = tableOfContents(body);
  return toc.length >= TOC_MIN_HEADINGS ? toc : [];
}
