/**
 * The site's stylesheet arrives without delaying the first paint.
 *
 * Each page's HTML carries the CSS its own markup uses inline (src/build/critical-css.ts), so it
 * paints from the first response alone. The whole stylesheet, which later states need (an open
 * menu, a page reached by a client-side navigation), is listed on the entry <script>, and the
 * entry links it once the page has painted, with the modules that hydrate it: a request the
 * first paint never waits for, not even in a browser that would hold the paint for a
 * low-priority stylesheet. Its rules repeat the inline ones in the same order, so nothing on
 * screen moves when it applies. Without JavaScript, a <noscript> link loads it normally.
 */

/** The entry <script>'s attribute listing the stylesheets to link after the first paint. */
export const DEFERRED_STYLESHEETS_ATTRIBUTE = "data-stylesheets";

/** The stylesheets the entry <script> lists, in order; none when the list is missing. */
export function deferredStylesheets(doc: Document): string[] {
  const listed = doc
    .querySelector(`script[${DEFERRED_STYLESHEETS_ATTRIBUTE}]`)
    ?.getAttribute(DEFERRED_STYLESHEETS_ATTRIBUTE);
  return (listed ?? "").split(" ").filter(Boolean);
}

/** Links each listed stylesheet that the document does not link yet. */
export function linkDeferredStylesheets(doc: Document): void {
  for (const href of deferredStylesheets(doc)) {
    const linked = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
      (link) => link.getAttribute("href") === href,
    );
    if (linked) continue;
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    doc.head.append(link);
  }
}
