/**
 * What the site search (src/search/) knows of a page: the title and the text of the element
 * the template marks `data-search-body` (blog posts, the book, resources, integrations,
 * interview guides, job descriptions), without what it marks `data-search-ignore` (tables of
 * contents, related posts, forms). Pages without such an element are not searched.
 *
 * Read in the render worker from the HTML it has just rendered, so the whole build's text
 * extraction and tokenising runs on every core, beside the render. The HTML is React's
 * (sanitised Markdown included): well-formed, attributes quoted, so a tag scanner reads it;
 * an HTML parser took three times as long.
 */
import { decodeHTML } from "entities";
import { BLOCK_TAGS, collapseWhitespace } from "../search/index.ts";

export const SEARCH_BODY_ATTRIBUTE = "data-search-body";
export const SEARCH_IGNORE_ATTRIBUTE = "data-search-ignore";

export interface SearchRecord {
  /** The first <h1> of the body, else the document's <title>. */
  title: string;
  /** The body's text, whitespace collapsed. */
  text: string;
}

/** Elements whose text is not page text. */
const SKIPPED = new Set(["script", "style", "template", "noscript", "svg", "button", "select"]);
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** What `MarkupScanner.next` read. */
export const Token = {
  End: 0,
  /** A run of text: `text`. */
  Text: 1,
  /** A tag: `name`, `closing`, `attributes`, `selfClosing`. */
  Tag: 2,
  /** A comment, or a "<" that opens neither a tag nor a comment. */
  Other: 3,
} as const;
export type Token = (typeof Token)[keyof typeof Token];

const LESS_THAN = 0x3c;
const SLASH = 0x2f;
const isAsciiLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
/** [\w-]: what follows a tag name's first letter. */
const isNameCode = (code: number) =>
  isAsciiLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x2d;

/**
 * Reads markup a token at a time, as the expression
 * `<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>|<!--[\s\S]*?-->|([^<]+)|<` would match it (its tests hold
 * it to that): a tag, a comment, a run of text or a stray "<". The expression made a match
 * array and five captures for every token: read by hand, with `indexOf` (and entities decoded
 * only in runs that have an "&"), the search records of 10,000 synthetic posts took 40 % less
 * time.
 */
export class MarkupScanner {
  text = "";
  name = "";
  closing = false;
  attributes = "";
  selfClosing = false;

  private readonly markup: string;
  /** Where the next token starts. */
  at: number;

  constructor(markup: string, at = 0) {
    this.markup = markup;
    this.at = at;
  }

  next(): Token {
    const markup = this.markup;
    const start = this.at;
    if (start >= markup.length) return Token.End;
    if (markup.charCodeAt(start) !== LESS_THAN) {
      const end = markup.indexOf("<", start);
      this.at = end < 0 ? markup.length : end;
      this.text = markup.slice(start, this.at);
      return Token.Text;
    }
    const closing = markup.charCodeAt(start + 1) === SLASH;
    const nameStart = closing ? start + 2 : start + 1;
    if (isAsciiLetter(markup.charCodeAt(nameStart))) {
      let nameEnd = nameStart + 1;
      while (nameEnd < markup.length && isNameCode(markup.charCodeAt(nameEnd))) nameEnd += 1;
      // Attributes hold no ">", so the first one ends the tag; a "/" just before it closes it.
      const end = markup.indexOf(">", nameEnd);
      if (end >= 0) {
        const selfClosing = end > nameEnd && markup.charCodeAt(end - 1) === SLASH;
        this.closing = closing;
        this.name = markup.slice(nameStart, nameEnd);
        this.attributes = markup.slice(nameEnd, selfClosing ? end - 1 : end);
        this.selfClosing = selfClosing;
        this.at = end + 1;
        return Token.Tag;
      }
    }
    if (markup.startsWith("<!--", start)) {
      const end = markup.indexOf("-->", start + 4);
      if (end >= 0) {
        this.at = end + 3;
        return Token.Other;
      }
    }
    this.at = start + 1;
    return Token.Other;
  }
}

const attributeTest = (name: string) => new RegExp(`\\s${name}(?:[\\s=]|$)`);
const MARKS_BODY = attributeTest(SEARCH_BODY_ATTRIBUTE);
const MARKS_IGNORED = attributeTest(SEARCH_IGNORE_ATTRIBUTE);

/**
 * Where the tag that opens the search body starts, or 0 when the first mention of the
 * attribute is not in a tag (text about it): then the whole of <main> is read.
 */
function bodyTagStart(main: string): number {
  const start = main.lastIndexOf("<", main.indexOf(SEARCH_BODY_ATTRIBUTE));
  const tag = /^<([a-zA-Z][\w-]*)([^>]*?)\/?>/.exec(
    main.slice(start, main.indexOf(">", start) + 1),
  );
  return tag && MARKS_BODY.test(tag[2] ?? "") ? start : 0;
}

/** The page's search record, or null when the page has no search body. */
export function searchRecordOf(page: string): SearchRecord | null {
  const { main, documentTitle } = searchedPartsOf(page);
  return searchRecordOfMain(main, documentTitle);
}

/** What a search record is read from, found in a whole page: its <main> and its title. */
export function searchedPartsOf(page: string): { main: string; documentTitle: string } {
  return {
    main: mainElementOf(page),
    documentTitle: decodeHTML(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? ""),
  };
}

/**
 * The `<main>` element of a page or of its app markup ("" when it has none). Only <main> is
 * read: templates mark their bodies inside it, never in the shell, and the inline CSS, header,
 * footer and page data are most of a page's bytes.
 */
export function mainElementOf(markup: string): string {
  const start = markup.indexOf("<main");
  const end = markup.lastIndexOf("</main>");
  if (start < 0 || end < start) return "";
  return markup.slice(start, end + "</main>".length);
}

/**
 * The search record of a page from its `<main>` element (`mainElementOf`) and its document
 * title (the record's title when the body has no h1): what the build reads, having both at
 * hand without scanning the whole page for them.
 */
export function searchRecordOfMain(main: string, documentTitle: string): SearchRecord | null {
  const body = searchBodyOfMain(main, documentTitle);
  return body && { title: body.title, text: collapseWhitespace(body.words) };
}

/**
 * The search record's title, and its text with whitespace as the markup has it: what the
 * index counts terms in (src/search/tokens.ts), which splits words at any whitespace, so
 * collapsing it first changes no term (its tests hold it to that). Collapsing was 1 % of a
 * render worker's time.
 */
export function searchBodyOfMain(
  main: string,
  documentTitle: string,
): { title: string; words: string } | null {
  // Cheap rejection first: most pages of a site are not searched.
  if (!main.includes(SEARCH_BODY_ATTRIBUTE)) return null;

  let depth = 0;
  /** Depths at which the body, an ignored or skipped element in it, and its first h1 opened. */
  let bodyDepth = -1;
  let quietDepth = -1;
  let h1Depth = -1;
  let found = false;
  let h1 = "";
  const text: string[] = [];
  // Read from the body's opening tag to its end, not all of <main>: what comes before and after
  // it (breadcrumbs, related posts, forms) is most of the tokens.
  const scanner = new MarkupScanner(main, bodyTagStart(main));
  for (let token = scanner.next(); token !== Token.End; token = scanner.next()) {
    if (token === Token.Text) {
      if (bodyDepth < 0 || quietDepth >= 0) continue;
      const run = scanner.text;
      const words = run.includes("&") ? decodeHTML(run) : run;
      text.push(words);
      if (h1Depth >= 0) h1 += words;
      continue;
    }
    if (token === Token.Other) continue;
    const name = scanner.name.toLowerCase();
    const attributes = scanner.attributes;
    if (scanner.closing) {
      if (VOID.has(name)) continue;
      if (bodyDepth >= 0 && BLOCK_TAGS.has(name)) text.push(" ");
      if (depth === quietDepth) quietDepth = -1;
      if (depth === h1Depth) h1Depth = -1;
      // Only the first body is read: once it closes there is nothing left to find.
      if (depth === bodyDepth) break;
      depth -= 1;
      continue;
    }
    const leaf = VOID.has(name) || scanner.selfClosing;
    if (!leaf) depth += 1;
    if (bodyDepth < 0) {
      if (!found && !leaf && MARKS_BODY.test(attributes)) {
        bodyDepth = depth;
        found = true;
      }
    } else {
      if (BLOCK_TAGS.has(name)) text.push(" ");
      if (quietDepth < 0 && !leaf) {
        if (SKIPPED.has(name) || MARKS_IGNORED.test(attributes)) quietDepth = depth;
        else if (name === "h1" && h1 === "" && h1Depth < 0) h1Depth = depth;
      }
    }
  }
  if (!found) return null;
  return {
    title: collapseWhitespace(h1) || collapseWhitespace(documentTitle),
    words: text.join(""),
  };
}
