import { describe, expect, it } from "vitest";
import { searchDocumentOf } from "./search-document.ts";

const page = (main: string) =>
  `<!doctype html><html lang="en"><head><title>A post | Harbor Desk</title><style>.x{}</style></head><body><div id="___gatsby"><header><nav><a href="/">Home</a></nav></header><main id="main-content">${main}</main><footer>© 2026</footer></div><script type="application/json" id="__hd_data">{"big":"data"}</script></body></html>`;

describe("a page's search document", () => {
  it("keeps the title and the main content, and leaves out header, footer, CSS and data", () => {
    const document = searchDocumentOf(
      page(
        '<article data-pagefind-body><h1>A post</h1><p data-pagefind-filter="category">AI</p></article>',
      ),
    );
    expect(document).toBe(
      '<!doctype html><html lang="en"><head><title>A post | Harbor Desk</title></head><body><main id="main-content"><article data-pagefind-body><h1>A post</h1><p data-pagefind-filter="category">AI</p></article></main></body></html>',
    );
  });

  it("is null for a page Pagefind does not index", () => {
    expect(searchDocumentOf(page("<h1>Pricing</h1>"))).toBeNull();
    // Only <main> is read: the site marks its indexed bodies in templates, never in the shell.
    expect(
      searchDocumentOf(page("<h1>x</h1>").replace("<nav>", "<nav data-pagefind-body>")),
    ).toBeNull();
    expect(searchDocumentOf("<html><body>no main</body></html>")).toBeNull();
  });
});
