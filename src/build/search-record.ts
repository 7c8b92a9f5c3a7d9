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

/** A tag (name, attributes, self-closing slash), a comment, or a run of text. */
const TOKEN = /<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>|<!--[\s\S]*?-->|([^<]+)|</g;

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
  TOKEN.lastIndex = bodyTagStart(main);
  for (let token = TOKEN.exec(main); token !== null; token = TOKEN.exec(main)) {
    const [, closing, rawName, attributes = "", selfClosing, run] = token;
    if (run !== undefined) {
      if (bodyDepth < 0 || quietDepth >= 0) continue;
      const words = decodeHTML(run);
      text.push(words);
      if (h1Depth >= 0) h1 += words;
      continue;
    }
    if (rawName === undefined) continue; // a comment, or a stray "<"
    const name = rawName.toLowerCase();
    if (closing) {
      if (VOID.has(name)) continue;
      if (bodyDepth >= 0 && BLOCK_TAGS.has(name)) text.push(" ");
      if (depth === quietDepth) quietDepth = -1;
      if (depth === h1Depth) h1Depth = -1;
      // Only the first body is read: once it closes there is nothing left to find.
      if (depth === bodyDepth) break;
      depth -= 1;
      continue;
    }
    const leaf = VOID.has(name) || selfClosing === "/";
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
    text: collapseWhitespace(text.join("")),
  };
}
