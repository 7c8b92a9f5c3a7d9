/**
 * A cheap front for `criticalCssOf` (render-route.ts). The critical CSS of a page depends only
 * on the set of classes in its markup and on which font faces its non-ASCII characters need
 * (critical-css.ts), but finding those walks every character of the page, and on a 10,000-post
 * build that scan was a quarter of the render workers' CPU. Most pages share their shape (the
 * same header, footer and template), so this keys the answer by something quicker to compute
 * and at least as fine: the distinct raw `class` attribute values (same pattern as
 * `classesInHtml`, before entity decoding and splitting) and the distinct non-ASCII characters.
 * Two pages with the same key have the same classes and the same characters, so the answer is
 * the one `criticalCss` would give; on a new key it is asked and its answer kept.
 */

type CriticalCss = (stylesheets: readonly string[], appHtml: string) => string;

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const NON_ASCII = /[\u0080-\u{10ffff}]/gu;

/** The page's shape: what its critical CSS can depend on, as one string. */
export function pageShapeKey(stylesheets: readonly string[], appHtml: string): string {
  const classes = new Set<string>();
  for (const match of appHtml.matchAll(CLASS_ATTRIBUTE)) classes.add(match[1] ?? "");
  const characters = new Set(appHtml.match(NON_ASCII) ?? []);
  return JSON.stringify([stylesheets, [...classes].sort(), [...characters].sort()]);
}

/** Shapes kept at most: a site whose every page is unique must not hold them all in memory. */
const MAX_SHAPES = 1000;

export function memoiseCriticalCss(criticalCss: CriticalCss): CriticalCss {
  const byShape = new Map<string, string>();
  return (stylesheets, appHtml) => {
    const key = pageShapeKey(stylesheets, appHtml);
    let css = byShape.get(key);
    if (css === undefined) {
      css = criticalCss(stylesheets, appHtml);
      if (byShape.size >= MAX_SHAPES) byShape.clear();
      byShape.set(key, css);
    }
    return css;
  };
}
