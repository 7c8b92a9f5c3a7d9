import type { Token, Tokens } from "marked";

/**
 * Whether marked's HTML for a lexed document needs the sanitiser (sanitize.ts) at all.
 *
 * Sanitising was 40 % of turning a blog post's Markdown into HTML (0.18 of 0.41 ms), spent
 * re-parsing HTML that marked had just built from escaped text. A document made only of the
 * token types below, whose URLs, code languages, headings and lists are ones the sanitiser
 * would keep as they are, renders to HTML the sanitiser would not change (the same elements,
 * attributes and text; markdown-safety.test.ts compares the two on every Markdown file of the
 * site, the synthetic posts and generated documents). Anything else (raw HTML, which callouts
 * are; a URL with another scheme or none; an h1; a task list's checkbox) is sanitised as
 * before: this is a shortcut for plain documents, never a second policy.
 */
export function builtSafely(tokens: readonly Token[]): boolean {
  for (const token of tokens) {
    if (!tokenBuiltSafely(token)) return false;
  }
  return true;
}

/** Token types marked renders from escaped text and the attributes checked below. */
const PLAIN_TYPES = new Set([
  "space",
  "code",
  "heading",
  "hr",
  "blockquote",
  "list",
  "list_item",
  "paragraph",
  "table",
  "text",
  "escape",
  "strong",
  "em",
  "codespan",
  "br",
  "del",
  "link",
  "image",
  "def",
]);

/**
 * URLs the sanitiser's scheme check keeps unchanged: a path on this site (not `//host`, which
 * it refuses), a fragment, a query, or one of its schemes spelled plainly (an entity or a
 * control character before the colon could hide another scheme: those take the long way).
 */
const PLAIN_URL = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#|\?)/i;
/** The code languages the sanitiser keeps as `language-…` classes. */
const PLAIN_LANGUAGE = /^[\w-]*$/;

function tokenBuiltSafely(token: Token): boolean {
  if (!PLAIN_TYPES.has(token.type)) return false;
  switch (token.type) {
    case "heading":
      // The sanitiser drops <h1> (a page has one, the template's).
      if ((token as Tokens.Heading).depth === 1) return false;
      break;
    case "link":
    case "image":
      if (!PLAIN_URL.test((token as Tokens.Link | Tokens.Image).href)) return false;
      break;
    case "code":
      if (!PLAIN_LANGUAGE.test((token as Tokens.Code).lang?.match(/^\S*/)?.[0] ?? "")) {
        return false;
      }
      break;
    case "list": {
      const list = token as Tokens.List;
      // The sanitiser drops `start`, which marked writes on a list that does not start at 1.
      if (list.ordered && list.start !== 1 && list.start !== "") return false;
      for (const item of list.items) if (!tokenBuiltSafely(item)) return false;
      return true;
    }
    case "list_item":
      // A task list's checkbox is an <input>, which the sanitiser drops.
      if ((token as Tokens.ListItem).task) return false;
      break;
    case "table": {
      const table = token as Tokens.Table;
      for (const cell of table.header) if (!builtSafely(cell.tokens)) return false;
      for (const row of table.rows) {
        for (const cell of row) if (!builtSafely(cell.tokens)) return false;
      }
      return true;
    }
  }
  const children = (token as { tokens?: Token[] }).tokens;
  return children === undefined || builtSafely(children);
}
