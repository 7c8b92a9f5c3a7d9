/**
 * The text a search result's excerpt is cut from, read from the result's page data: the file
 * the router loads to show that page, so a result the visitor then opens is already loaded.
 * The build keeps no copy of every page's text for the search (a file per page beside its HTML
 * and page data): 10,000 files and 4 % of a 10,000-post build.
 *
 * A searched page's text is its rendered Markdown (the `html` fields of its data: a post's,
 * a chapter's, a resource's…), which is what the index mostly counted. A page whose text its
 * template writes (an interview guide: its questions) has no such field: its description and
 * the prose of its data (strings of several words; ids, paths and links have none) stand in.
 */

/**
 * Elements whose text never runs into the next element's: a word ends at their tags. The
 * build reads its index records by the same rule (src/build/search-record.ts).
 */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "img",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);

/** Elements whose content is not text a reader sees. */
const HIDDEN_CONTENT = /<(script|style|template|svg)\b[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?([a-zA-Z][\w-]*)[^>]*>|<!--[\s\S]*?-->/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g;
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function character(code: number, entity: string): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
}

/**
 * Every run of whitespace as one space, trimmed: what `replace(/\s+/g, " ")` gives, without
 * replacing each of the hundreds of single spaces between a page's words by another space
 * (7 instead of 15 µs for a post's 2 KB of text). The build's records use it too.
 */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s{2,}|[^\S ]/g, " ").trim();
}

/**
 * The text of markup the build wrote (sanitised Markdown: tags well formed, text escaped), its
 * whitespace collapsed. Entities beyond the few an escaper writes are left as they are.
 */
export function textOfHtml(html: string): string {
  return collapseWhitespace(
    html
      .replace(HIDDEN_CONTENT, " ")
      .replace(TAG, (_tag, name: string | undefined) =>
        name !== undefined && BLOCK_TAGS.has(name.toLowerCase()) ? " " : "",
      )
      .replace(ENTITY, (entity, decimal: string | undefined, hex: string | undefined, name) => {
        if (decimal !== undefined) return character(Number(decimal), entity);
        if (hex !== undefined) return character(Number.parseInt(hex, 16), entity);
        return NAMED[(name as string).toLowerCase()] ?? entity;
      }),
  );
}

function collectHtml(value: unknown, into: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectHtml(item, into);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === "html" && typeof child === "string") into.push(textOfHtml(child));
    else collectHtml(child, into);
  }
}

/** Prose: a string of more than one word that is not an address. */
const PROSE = /^(?![/#]|https?:)\S+\s+\S/;

function collectProse(value: unknown, into: string[]): void {
  if (typeof value === "string") {
    if (PROSE.test(value)) into.push(collapseWhitespace(value));
  } else if (Array.isArray(value)) {
    for (const item of value) collectProse(item, into);
  } else if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) collectProse(child, into);
  }
}

/** A page's text for its excerpt, from its page data (see the file's comment); "" when none. */
export function excerptTextOf(pageData: unknown): string {
  const result = (pageData as { result?: { data?: unknown; pageContext?: unknown } } | null)
    ?.result;
  const texts: string[] = [];
  collectHtml(result?.data, texts);
  const text = texts.filter(Boolean).join(" ");
  if (text !== "") return text;
  const head = (result?.pageContext as { head?: { description?: unknown } } | undefined)?.head;
  const prose: string[] = typeof head?.description === "string" ? [head.description] : [];
  collectProse(result?.data, prose);
  return prose.join(" ");
}
