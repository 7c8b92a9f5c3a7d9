/**
 * What Pagefind needs of a page, for the pages it indexes (those marking an element
 * `data-pagefind-body`): the page's <title> and its <main>. The header, the footer, the inline
 * CSS and the inline page data are most of a page's bytes (about 50 of 55 KB for a blog post)
 * and none of them is indexed, yet reading every built page from disk made Pagefind parse
 * them all: 6.0 s for 11,800 pages, against 2.5 s for a folder of these documents. A full
 * build hands them to Pagefind's service as they are rendered (search-index.ts), which costs
 * about 1 ms of messaging each but runs alongside the render. The index's content is the same
 * (title, content, filters and anchors all come from inside <main>: the site marks its indexed
 * bodies in templates, never in the shell), which src/build/build-site.test.ts checks on the
 * built site.
 */
const MAIN_START = "<main";
const MAIN_END = "</main>";

/** The search document of a built page, or null when Pagefind would not index the page. */
export function searchDocumentOf(html: string): string | null {
  const start = html.indexOf(MAIN_START);
  const end = html.lastIndexOf(MAIN_END);
  if (start < 0 || end < start) return null;
  const main = html.slice(start, end + MAIN_END.length);
  if (!main.includes("data-pagefind-body")) return null;
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? "";
  const lang = /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? "en";
  return `<!doctype html><html lang="${lang}"><head>${title}</head><body>${main}</body></html>`;
}
