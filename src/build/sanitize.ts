import sanitizeHtml from "sanitize-html";

/**
 * The box a Markdown table scrolls in (markdown.ts wraps each table in it, src/site/styles.css
 * styles it): the one div class besides callouts that may carry a tabindex, and only 0.
 */
export const TABLE_SCROLL_CLASS = "table-scroll";

/**
 * The one allow-list for HTML that reaches pages (Markdown output, footer snippets).
 * Scripts, event handlers, styles, iframes and javascript: URLs never pass.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "a",
    "img",
    "span",
    "div",
    "sup",
    "sub",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
    // tabindex only as the table box gives it (markdown.ts); the sanitiser keeps no other.
    div: ["class", "tabindex"],
    "*": ["id"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], div: ["callout", TABLE_SCROLL_CLASS] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    // A div keeps a tabindex only as the table box (markdown.ts): 0, on that class.
    div: (tagName, attribs) => {
      const { tabindex, ...rest } = attribs;
      return {
        tagName,
        attribs:
          rest.class === TABLE_SCROLL_CLASS && tabindex === "0" ? { ...rest, tabindex } : rest,
      };
    },
    // Links that open a new tab must not hand the opener to the target.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: { loading: "lazy", decoding: "async", ...attribs },
    }),
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
