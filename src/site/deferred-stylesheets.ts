/**
 * The site's stylesheet arrives without delaying the first paint, and applies only once the
 * page needs it.
 *
 * Each page's HTML carries the CSS its own markup uses inline (src/build/critical-css.ts), so it
 * paints from the first response alone. The whole stylesheet, which later states need (an open
 * menu, a hovered link, a page reached by a client-side navigation), is listed on the entry
 * <script>, and the entry links it once the first screen has painted, as a print stylesheet: it
 * downloads and parses, but restyles nothing on screen. Applying it at once cost a restyle of
 * every element while the page was starting (up to 40 ms of main thread on this machine, four
 * times that on Lighthouse's phone). It applies at the first sign that the page shows something
 * its first paint did not:
 *
 * - the visitor points, touches, presses a key or moves the focus (hover, focus and press
 *   styles are not inline);
 * - an element that is not hidden appears under the root, or gets a class, that the first paint
 *   did not have (a menu opens, a client-side navigation renders another page). A
 *   MutationObserver answers before the browser paints that change, so it is never seen
 *   unstyled once the stylesheet has arrived.
 *
 * Its rules repeat the inline ones in the same order, so nothing on screen moves when it
 * applies. Without JavaScript, a <noscript> link loads it normally.
 */

import { listedOnEntry } from "./first-load-modules.ts";

/** The entry <script>'s attribute listing the stylesheets to link after the first paint. */
export const DEFERRED_STYLESHEETS_ATTRIBUTE = "data-stylesheets";

/** Input that can show a state the inline CSS leaves out (hover, focus, press). */
const INTERACTION_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"];

/** Every class in `element`'s subtree, itself included. */
function classesUnder(element: Element): Set<string> {
  const classes = new Set<string>(element.classList);
  for (const child of element.querySelectorAll("[class]")) {
    for (const name of child.classList) classes.add(name);
  }
  return classes;
}

/** A character that would continue a class name in a selector. */
const CONTINUES_NAME = /[\w\-\\]|[^\p{ASCII}]/u;

/**
 * Whether the inline CSS has rules for a class: its selector written as the stylesheet writes
 * it, not as the start of a longer name (`.flex` is not `.flex-col`). The inline CSS has every
 * rule of the classes the first paint showed, so a class it lacks is one that paint did not
 * have, or one no rule styles; either way applying the stylesheet is the safe answer. Reading
 * the <style> text costs nothing at start-up; collecting the page's classes took 10 ms.
 */
export function styledInline(css: string, className: string): boolean {
  const selector = `.${CSS.escape(className)}`;
  for (let at = css.indexOf(selector); at !== -1; at = css.indexOf(selector, at + 1)) {
    const next = css[at + selector.length];
    if (next === undefined || !CONTINUES_NAME.test(next)) return true;
  }
  return false;
}

/**
 * Tailwind classes whose rules only apply on hover, focus, press or paper (`hover:underline`,
 * `m:focus-visible:outline-2`, `print:hidden`): the inline CSS leaves them out, and they need
 * no stylesheet before the visitor interacts (which applies it) or prints (a print stylesheet
 * is what it is until then). The swap of an interactive section re-renders them after
 * hydration, which must not count as something new on screen.
 */
const LATER_STATE_VARIANT =
  /(?:^|:)(?:group-|peer-)?(?:hover|focus|focus-visible|focus-within|active|print)(?:\/[\w-]+)?:/;

/**
 * Whether a batch of DOM changes shows something the first paint's CSS may not style: an
 * element, not inside a hidden one, that carries a class `isStyled` denies. Subtrees added
 * hidden are checked again when their `hidden` attribute goes.
 */
export function showsNewClass(
  records: readonly MutationRecord[],
  isStyled: (className: string) => boolean,
): boolean {
  const unstyledIn = (element: Element) =>
    !element.closest("[hidden]") && [...classesUnder(element)].some((name) => !isStyled(name));
  for (const record of records) {
    const changed = record.type === "childList" ? [...record.addedNodes] : [record.target as Node];
    for (const node of changed) {
      if (node.nodeType === Node.ELEMENT_NODE && unstyledIn(node as Element)) return true;
    }
  }
  return false;
}

/**
 * Links each stylesheet the entry <script> lists, unapplied, and applies them when the page
 * first needs them (see above). `root` is the element the app renders into.
 */
export function linkDeferredStylesheets(doc: Document, root: Element | null): void {
  const links = listedOnEntry(doc, DEFERRED_STYLESHEETS_ATTRIBUTE).map((href) =>
    Object.assign(doc.createElement("link"), { rel: "stylesheet", href, media: "print" }),
  );
  if (links.length === 0) return;
  doc.head.append(...links);

  let observer: MutationObserver | undefined;
  const apply = () => {
    observer?.disconnect();
    for (const type of INTERACTION_EVENTS) doc.removeEventListener(type, apply, true);
    for (const link of links) link.media = "all";
  };
  for (const type of INTERACTION_EVENTS) {
    doc.addEventListener(type, apply, { capture: true, passive: true });
  }
  if (!root) {
    apply();
    return;
  }
  const inline = Array.from(doc.head.querySelectorAll("style"), (style) => style.textContent).join(
    "",
  );
  const known = new Map<string, boolean>();
  const isStyled = (name: string) => {
    const styled =
      known.get(name) ?? (LATER_STATE_VARIANT.test(name) || styledInline(inline, name));
    known.set(name, styled);
    return styled;
  };
  observer = new MutationObserver((records) => {
    if (showsNewClass(records, isStyled)) apply();
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["class", "hidden"],
  });
}
