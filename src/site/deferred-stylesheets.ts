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

import { listedOnEntry } from "./first-load-modules.ts";

/** The entry <script>'s attribute listing the stylesheets to link after the first paint. */
export const DEFERRED_STYLESHEETS_ATTRIBUTE = "data-stylesheets";

/** Links each stylesheet the entry <script> lists (the entry calls this once). */
export function linkDeferredStylesheets(doc: Document): void {
  for (const href of listedOnEntry(doc, DEFERRED_STYLESHEETS_ATTRIBUTE)) {
    doc.head.append(Object.assign(doc.createElement("link"), { rel: "stylesheet", href }));
  }
}
